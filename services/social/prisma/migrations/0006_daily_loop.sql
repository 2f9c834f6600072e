-- The daily loop (docs/features/daily-loop.md): streaks counted in the hero's own time zone, their
-- vacations and milestone awards, friends' shared streaks, and the hero's notifications.
alter table "social"."heroes" add column "time_zone" text not null default 'UTC';
-- The streak as of the hero's last deed or the last rollover, for rankings' type=streak.
alter table "social"."heroes" add column "streak_current" integer not null default 0;
create index "heroes_streak_current_name_id_idx" on "social"."heroes" ("streak_current" desc, "name", "id");

-- One row per deed that made a day count (a milestone or quest completed, progress logged), on the
-- hero's local day: taking the deed back the same day removes it, and the day with it when it was the
-- only one.
create table "social"."streak_days" (
  "user_id" uuid not null,
  "day" date not null,
  "source_key" text not null,
  primary key ("user_id", "day", "source_key")
);

create table "social"."streak_vacations" (
  "user_id" uuid not null,
  "starts_on" date not null,
  "until" date not null,
  primary key ("user_id", "starts_on")
);

-- A streak milestone (7, 30, 100, 365 days) reached, once per hero; `active` false when the day that
-- reached it was taken back. `version` counts its changes (the events' version).
create table "social"."streak_awards" (
  "user_id" uuid not null,
  "days" integer not null,
  "earned_on" date not null,
  "active" boolean not null default true,
  "version" integer not null default 0,
  primary key ("user_id", "days")
);

create table "social"."notifications" (
  "id" uuid primary key default gen_random_uuid(),
  "user_id" uuid not null,
  "kind" text not null,
  "title" text not null,
  "body" text not null,
  "link" text not null,
  -- What it is about (`like:<activity>:<liker>`, `streak-risk:<day>`): one notification per source.
  "source_key" text not null,
  -- The other hero it names (who asked, accepted or liked), so it goes when they are deleted.
  "subject_user_id" uuid,
  "created_at" timestamptz(3) not null,
  "read_at" timestamptz(3)
);
create index "notifications_subject_user_id_idx" on "social"."notifications" ("subject_user_id");
create unique index "notifications_user_id_source_key_key" on "social"."notifications" ("user_id", "source_key");
create index "notifications_user_id_created_at_id_idx"
  on "social"."notifications" ("user_id", "created_at" desc, "id" desc);

-- The last run of each of social's scheduled jobs (streak-rollover), for the admin panel.
create table "social"."job_runs" (
  "job" text primary key,
  "started_at" timestamptz(3) not null,
  "duration_ms" integer not null,
  "outcome" text not null,
  "summary" text not null
);
