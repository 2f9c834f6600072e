-- A hero's request still in flight when they were deleted must not bring a row of theirs back after
-- the purge (docs/features/data-ownership.md#deletion): the guard of quests' and ai's migrations 0007,
-- on social's existing tombstones (deleted_heroes). The purge takes an exclusive per-hero lock; a new row
-- that names a hero in one of the trigger's columns takes it shared and is refused once the hash is there.
create function "social"."hero_lock_key"(hero uuid) returns bigint language sql immutable as $$
  select hashtextextended('social.hero:' || hero::text, 0)
$$;

create function "social"."refuse_erased_hero"() returns trigger language plpgsql as $$
declare
  hero uuid;
  i int;
begin
  for i in 0 .. tg_nargs - 1 loop
    hero := (to_jsonb(new) ->> tg_argv[i])::uuid;
    continue when hero is null;
    perform pg_advisory_xact_lock_shared("social"."hero_lock_key"(hero));
    if exists (
      select 1 from "social"."deleted_heroes"
       where id_hash = encode(sha256(convert_to(lower(hero::text), 'UTF8')), 'hex')
    ) then
      raise exception 'lifequest: hero deleted' using errcode = 'P0001';
    end if;
  end loop;
  return new;
end
$$;

create trigger "activity_likes_refuse_erased_hero" before insert on "social"."activity_likes"
  for each row execute function "social"."refuse_erased_hero"('user_id');
create trigger "friendships_refuse_erased_hero" before insert on "social"."friendships"
  for each row execute function "social"."refuse_erased_hero"('user_id', 'friend_id');
create trigger "friend_requests_refuse_erased_hero" before insert on "social"."friend_requests"
  for each row execute function "social"."refuse_erased_hero"('requester_id');
create trigger "friend_request_quota_refuse_erased_hero" before insert on "social"."friend_request_quota"
  for each row execute function "social"."refuse_erased_hero"('user_id');
create trigger "challenge_participants_refuse_erased_hero" before insert on "social"."challenge_participants"
  for each row execute function "social"."refuse_erased_hero"('user_id');
