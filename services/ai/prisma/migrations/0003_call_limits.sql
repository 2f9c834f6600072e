-- When each hero last started AI calls: the per-hero rate (AI_RATE_LIMIT_PER_MINUTE) counts the last minute's.
create table "ai"."call_starts" (
  "id" uuid primary key default gen_random_uuid(),
  "user_id" uuid not null,
  "started_at" timestamptz(3) not null default current_timestamp
);
create index "call_starts_user_id_started_at_idx" on "ai"."call_starts" ("user_id", "started_at");
-- The installation-wide daily cap sums today's usage of every hero.
create index "token_usage_created_at_idx" on "ai"."token_usage" ("created_at");
