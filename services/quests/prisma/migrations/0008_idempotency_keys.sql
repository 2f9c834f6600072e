-- What a hero's request sent with an Idempotency-Key answered, so the same request replayed (a phone
-- replaying its offline queue, a retry after a lost answer) answers the same and changes nothing
-- (docs/features/offline-app.md#idempotency). One row per hero and key; rows expire and go with the hero.
create table "quests"."idempotency_keys" (
  "user_id" uuid not null,
  "key" text not null,
  "request_hash" text not null,
  "status" integer not null,
  "response" jsonb not null,
  "created_at" timestamptz(3) not null default current_timestamp,
  "expires_at" timestamptz(3) not null,
  primary key ("user_id", "key")
);
create index "idempotency_keys_expires_at_idx" on "quests"."idempotency_keys" ("expires_at");
