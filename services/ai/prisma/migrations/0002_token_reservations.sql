-- Tokens held for model calls in flight: the daily budget counts them, so parallel calls cannot all pass it.
create table "ai"."token_reservations" (
  "id" uuid primary key default gen_random_uuid(),
  "user_id" uuid not null,
  "endpoint" text not null,
  "tokens" integer not null check ("tokens" >= 0),
  "created_at" timestamptz(3) not null default current_timestamp,
  "expires_at" timestamptz(3) not null
);
create index "token_reservations_user_id_expires_at_idx" on "ai"."token_reservations" ("user_id", "expires_at");
