-- A hero's call still in flight when they were deleted must not bring their words back after the purge
-- (docs/features/data-ownership.md#deletion): the same guard as quests' (its migration 0007). The purge
-- records a SHA-256 of the hero's id under an exclusive per-hero lock; a new row of the hero takes the
-- lock shared and is refused once the hash is there, except token usage, which is kept without the id
-- so the installation's cost stays true.
create table "ai"."erased_heroes" (
  "id_hash" text primary key
);

create function "ai"."hero_lock_key"(hero uuid) returns bigint language sql immutable as $$
  select hashtextextended('ai.hero:' || hero::text, 0)
$$;

create function "ai"."is_erased_hero"(hero uuid) returns boolean language plpgsql as $$
begin
  perform pg_advisory_xact_lock_shared("ai"."hero_lock_key"(hero));
  return exists (
    select 1 from "ai"."erased_heroes"
     where id_hash = encode(sha256(convert_to(lower(hero::text), 'UTF8')), 'hex')
  );
end
$$;

create function "ai"."refuse_erased_hero"() returns trigger language plpgsql as $$
begin
  if "ai"."is_erased_hero"(new.user_id) then
    raise exception 'lifequest: hero deleted' using errcode = 'P0001';
  end if;
  return new;
end
$$;

create function "ai"."anonymise_erased_hero"() returns trigger language plpgsql as $$
begin
  if new.user_id is not null and "ai"."is_erased_hero"(new.user_id) then
    new.user_id := null;
  end if;
  return new;
end
$$;

create trigger "conversations_refuse_erased_hero" before insert on "ai"."conversations"
  for each row execute function "ai"."refuse_erased_hero"();
create trigger "advisor_messages_refuse_erased_hero" before insert on "ai"."advisor_messages"
  for each row execute function "ai"."refuse_erased_hero"();
create trigger "plan_drafts_refuse_erased_hero" before insert on "ai"."plan_drafts"
  for each row execute function "ai"."refuse_erased_hero"();
create trigger "stories_refuse_erased_hero" before insert on "ai"."stories"
  for each row execute function "ai"."refuse_erased_hero"();
create trigger "token_reservations_refuse_erased_hero" before insert on "ai"."token_reservations"
  for each row execute function "ai"."refuse_erased_hero"();
create trigger "call_starts_refuse_erased_hero" before insert on "ai"."call_starts"
  for each row execute function "ai"."refuse_erased_hero"();
create trigger "token_usage_anonymise_erased_hero" before insert on "ai"."token_usage"
  for each row execute function "ai"."anonymise_erased_hero"();
