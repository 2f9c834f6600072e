create table "quests"."goals" (
  "id" uuid primary key default gen_random_uuid(),
  "user_id" uuid not null,
  "title" text not null,
  "description" text,
  "deadline" date,
  "class_name" text not null default 'general',
  "foundation" text check ("foundation" in ('Finance', 'Health', 'Intelligence', 'Spirit')),
  "is_completed" boolean not null default false,
  "completed_at" timestamptz(3),
  "version" integer not null default 0,
  "category" text,
  "difficulty" text,
  "unit" text,
  "target_value" double precision,
  "total_xp" integer not null default 0,
  "completion_bonus_xp" integer not null default 0,
  "early_milestone_bonus_xp" integer not null default 0,
  "logging_daily_bonus_xp" integer not null default 0,
  "habits" text[] not null default '{}',
  "source" text not null default 'manual',
  "created_at" timestamptz(3) not null default current_timestamp,
  "updated_at" timestamptz(3) not null
);
create index "goals_user_id_created_at_idx" on "quests"."goals" ("user_id", "created_at");
-- A hero has one onboarding quest: a repeated onboarding call finds it instead of making another.
create unique index "goals_one_onboarding_quest" on "quests"."goals" ("user_id") where "source" = 'onboarding';

create table "quests"."milestones" (
  "id" uuid primary key default gen_random_uuid(),
  "goal_id" uuid not null references "quests"."goals" ("id") on delete cascade,
  "user_id" uuid not null,
  "title" text not null,
  "position" integer not null,
  "due_date" date,
  "xp_reward" integer not null check ("xp_reward" >= 0),
  "is_completed" boolean not null default false,
  "completed_at" timestamptz(3),
  "xp_awarded" integer not null default 0,
  "version" integer not null default 0,
  "created_at" timestamptz(3) not null default current_timestamp
);
create index "milestones_goal_id_position_idx" on "quests"."milestones" ("goal_id", "position");
create index "milestones_user_id_idx" on "quests"."milestones" ("user_id");

create table "quests"."progress_entries" (
  "id" uuid primary key default gen_random_uuid(),
  "goal_id" uuid not null references "quests"."goals" ("id") on delete cascade,
  "user_id" uuid not null,
  "value" double precision not null,
  "note" text,
  "xp_bonus" integer not null default 0,
  "logged_at" timestamptz(3) not null default current_timestamp
);
create index "progress_entries_goal_id_logged_at_idx" on "quests"."progress_entries" ("goal_id", "logged_at");
