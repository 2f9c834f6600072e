-- A write that was in flight when its hero was deleted must not bring a row back after the purge
-- (docs/features/data-ownership.md#deletion). The purge records a SHA-256 of the hero's id here under an
-- exclusive per-hero lock; every new quest or onboarding takes the same lock shared and is refused once
-- the hash is there. A write that got in first holds the lock until it commits, so the purge, waiting
-- for it, then deletes what it wrote.
create table "quests"."erased_heroes" (
  "id_hash" text primary key
);

create function "quests"."hero_lock_key"(hero uuid) returns bigint language sql immutable as $$
  select hashtextextended('quests.hero:' || hero::text, 0)
$$;

create function "quests"."refuse_erased_hero"() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock_shared("quests"."hero_lock_key"(new.user_id));
  if exists (
    select 1 from "quests"."erased_heroes"
     where id_hash = encode(sha256(convert_to(lower(new.user_id::text), 'UTF8')), 'hex')
  ) then
    raise exception 'lifequest: hero deleted' using errcode = 'P0001';
  end if;
  return new;
end
$$;

create trigger "goals_refuse_erased_hero" before insert on "quests"."goals"
  for each row execute function "quests"."refuse_erased_hero"();
create trigger "onboardings_refuse_erased_hero" before insert on "quests"."onboardings"
  for each row execute function "quests"."refuse_erased_hero"();
