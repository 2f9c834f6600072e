-- The daily loop. The weekly review (docs/features/daily-loop.md#weekly-review): each hero's time zone (from auth's
-- user.registered and user.updated), the review's claim on a hero for a week (the first worker's insert
-- wins, so a review run twice or by two workers flags a quest once a week), and its last run.
create table "quests"."hero_zones" (
  "user_id" uuid primary key,
  "time_zone" text not null,
  -- When the event that set it happened: an older one arriving late changes nothing.
  "zone_at" timestamptz(3) not null
);

create table "quests"."review_claims" (
  "user_id" uuid not null,
  -- The Monday (the hero's zone) of the week reviewed.
  "week" date not null,
  "reviewed_at" timestamptz(3) not null,
  primary key ("user_id", "week")
);

create table "quests"."job_runs" (
  "job" text primary key,
  "started_at" timestamptz(3) not null,
  "duration_ms" integer not null,
  "outcome" text not null,
  "summary" text not null
);

-- The hero's calendar feed (docs/features/daily-loop.md#calendar-feed): its address is its secret.
-- Found by the token's SHA-256 (an index lookup reveals nothing of the token itself), then compared
-- in constant time; rotating replaces the row, so the old address answers 404 at once.
create table "quests"."calendar_feeds" (
  "user_id" uuid primary key,
  "token" text not null,
  "token_hash" text not null,
  "created_at" timestamptz(3) not null default current_timestamp
);
create unique index "calendar_feeds_token_hash_key" on "quests"."calendar_feeds" ("token_hash");
