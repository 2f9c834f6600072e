-- When distributed, the rankings are read from Redis sorted sets (rankings/redis-boards.ts). They follow
-- social.heroes through this log: a statement trigger writes the id of every hero whose place on a board
-- could have moved (value, name, class title, onboarded, show_in_rankings; inserted or deleted), with the
-- id of the writing transaction. A reader applies the heroes logged by transactions that may not have
-- been applied yet (xid >= the xmin of the snapshot it last applied under), so one committing late is
-- never skipped; it then deletes what was applied before. Every path that writes a hero (consumers,
-- streaks, rollover, purge, a bulk insert) is followed without knowing about Redis.
--
-- ranking_feed.enabled: only the distributed mode reads the log, so the embedded one (PGlite) writes
-- nothing to it. Turning it on again bumps epoch: the sorted sets then missed changes and are rebuilt.
create table "social"."ranking_feed" (
  "id" boolean primary key default true check ("id"),
  "enabled" boolean not null default false,
  "epoch" bigint not null default 0
);
insert into "social"."ranking_feed" default values;

-- xid: the writing transaction's 64-bit id (xid8, which never wraps), as a bigint.
create table "social"."ranking_changes" (
  "xid" bigint not null default (pg_current_xact_id()::text::bigint),
  "hero_id" uuid not null,
  primary key ("xid", "hero_id")
);

create function "social"."ranking_changes_follow"() returns trigger language plpgsql as $$
begin
  if not coalesce((select f.enabled from "social"."ranking_feed" f), false) then
    return null;
  end if;
  if tg_op = 'INSERT' then
    insert into "social"."ranking_changes" ("hero_id") select w.id from new_rows w on conflict do nothing;
  elsif tg_op = 'DELETE' then
    insert into "social"."ranking_changes" ("hero_id") select o.id from old_rows o on conflict do nothing;
  else
    insert into "social"."ranking_changes" ("hero_id")
    select w.id from new_rows w join old_rows o on o.id = w.id
     where (o.name, o.active_class_title, o.onboarded, o.show_in_rankings, o.total_xp, o.life_level,
            o.streak_current)
           is distinct from
           (w.name, w.active_class_title, w.onboarded, w.show_in_rankings, w.total_xp, w.life_level,
            w.streak_current)
    on conflict do nothing;
  end if;
  return null;
end
$$;

create trigger "heroes_ranking_changes_insert" after insert on "social"."heroes"
  referencing new table as new_rows
  for each statement execute function "social"."ranking_changes_follow"();
create trigger "heroes_ranking_changes_update" after update on "social"."heroes"
  referencing old table as old_rows new table as new_rows
  for each statement execute function "social"."ranking_changes_follow"();
create trigger "heroes_ranking_changes_delete" after delete on "social"."heroes"
  referencing old table as old_rows
  for each statement execute function "social"."ranking_changes_follow"();
