create table "admin"."heroes" (
  "id" uuid primary key,
  "email" text,
  "name" text not null default '',
  "is_onboarded" boolean not null default false,
  "total_xp" integer not null default 0,
  "profile_as_of" timestamptz(3),
  "xp_version" integer not null default -1,
  "created_at" timestamptz(3)
);

create table "admin"."hero_goals" (
  "goal_id" uuid primary key,
  "user_id" uuid not null
);
create index "hero_goals_user_id_idx" on "admin"."hero_goals" ("user_id");

create table "admin"."ai_usage" (
  "id" uuid primary key,
  "user_id" uuid,
  "endpoint" text not null,
  "model" text not null,
  "prompt_tokens" integer not null,
  "completion_tokens" integer not null,
  "total_tokens" integer not null,
  "cost_usd" double precision not null,
  "recorded_at" timestamptz(3) not null
);
create index "ai_usage_recorded_at_idx" on "admin"."ai_usage" ("recorded_at");
create index "ai_usage_user_id_idx" on "admin"."ai_usage" ("user_id");

create table "admin"."deletions" (
  "user_id" uuid primary key,
  "requested_by" uuid not null,
  "requested_at" timestamptz(3) not null default current_timestamp,
  "pending" text[] not null
);

create table "admin"."erased_heroes" (
  "id_hash" text primary key,
  "erased_at" timestamptz(3) not null default current_timestamp
);
