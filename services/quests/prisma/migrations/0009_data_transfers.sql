-- A hero's exports and imports (docs/features/data-ownership.md#export, #import). An export's ZIP lives
-- in its row until it expires (24 hours), so the worker that builds it and the replica that serves it
-- need share nothing but the database; an import's file waits here for its job. Both go with the hero.
create table "quests"."data_transfers" (
  "id" uuid primary key,
  "user_id" uuid not null,
  -- 'export' or 'import'
  "kind" text not null,
  -- 'queued', 'running', 'done' or 'failed'
  "status" text not null default 'queued',
  "progress" integer not null default 0,
  -- An export's ZIP once done; an import's uploaded file until its job ran.
  "file" bytea,
  -- An import's outcome: { created: {...}, skipped: [...] }; a failed job's reason.
  "result" jsonb,
  "created_at" timestamptz(3) not null default now(),
  "expires_at" timestamptz(3) not null
);
create index "data_transfers_user_id_idx" on "quests"."data_transfers" ("user_id");
create index "data_transfers_expires_at_idx" on "quests"."data_transfers" ("expires_at");

create trigger "data_transfers_refuse_erased_hero" before insert on "quests"."data_transfers"
  for each row execute function "quests"."refuse_erased_hero"();
