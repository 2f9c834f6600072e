create table "ai"."conversations" (
  "id" uuid primary key default gen_random_uuid(),
  "user_id" uuid not null,
  "channel" text not null check ("channel" in ('onboarding', 'floating')),
  "messages" jsonb not null,
  "phase" text,
  "smart_goal_data" jsonb,
  "final_goal" jsonb,
  "created_at" timestamptz(3) not null default current_timestamp,
  "updated_at" timestamptz(3) not null
);
create unique index "conversations_user_id_channel_key" on "ai"."conversations" ("user_id", "channel");

create table "ai"."advisor_messages" (
  "id" uuid primary key default gen_random_uuid(),
  "user_id" uuid not null,
  "role" text not null check ("role" in ('user', 'assistant')),
  "content" text not null,
  "created_at" timestamptz(3) not null default current_timestamp
);
create index "advisor_messages_user_id_created_at_idx" on "ai"."advisor_messages" ("user_id", "created_at");

create table "ai"."plan_drafts" (
  "id" uuid primary key default gen_random_uuid(),
  "user_id" uuid not null,
  "plan" jsonb not null,
  "created_at" timestamptz(3) not null default current_timestamp
);
create unique index "plan_drafts_user_id_key" on "ai"."plan_drafts" ("user_id");

create table "ai"."stories" (
  "id" uuid primary key,
  "user_id" uuid not null,
  "kind" text not null check ("kind" in ('epic', 'focused')),
  "achievement_id" text,
  "status" text not null default 'writing' check ("status" in ('writing', 'ready', 'failed')),
  "narrative_type" text,
  "story" text,
  "achievements_count" integer not null default 0,
  "foundation_progress" jsonb not null default '{}',
  "achievements_data" jsonb not null default '[]',
  "error_code" text,
  "error_message" text,
  "created_at" timestamptz(3) not null default current_timestamp,
  "completed_at" timestamptz(3)
);
create index "stories_user_id_created_at_idx" on "ai"."stories" ("user_id", "created_at");

create table "ai"."token_usage" (
  "id" uuid primary key default gen_random_uuid(),
  "user_id" uuid,
  "endpoint" text not null,
  "model" text not null,
  "prompt_tokens" integer not null check ("prompt_tokens" >= 0),
  "completion_tokens" integer not null check ("completion_tokens" >= 0),
  "total_tokens" integer not null check ("total_tokens" >= 0),
  "cost_usd" double precision not null check ("cost_usd" >= 0),
  "source" text not null check ("source" in ('api', 'tiktoken')),
  "created_at" timestamptz(3) not null default current_timestamp
);
create index "token_usage_user_id_created_at_idx" on "ai"."token_usage" ("user_id", "created_at");
