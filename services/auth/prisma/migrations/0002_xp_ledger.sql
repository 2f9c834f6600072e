create table "auth"."xp_ledger" (
  "id" uuid primary key default gen_random_uuid(),
  "user_id" uuid not null references "auth"."users" ("id") on delete cascade,
  "event_id" uuid not null,
  "source" text not null check ("source" in ('milestone', 'goal', 'bonus')),
  "source_id" text not null,
  "reason" text not null,
  "amount" integer not null,
  "version" integer,
  "created_at" timestamptz(3) not null default current_timestamp
);
create index "xp_ledger_user_id_source_id_idx" on "auth"."xp_ledger" ("user_id", "source_id");
create index "xp_ledger_event_id_idx" on "auth"."xp_ledger" ("event_id");
