-- Sessions of the embedded mode (distributed mode keeps them in Redis). Only a hash of the session id
-- is stored, so a copy of this table cannot be replayed as cookies.
create table "gateway"."sessions" (
  "id_hash" text primary key,
  "user_id" uuid not null,
  "email" text not null,
  "created_at" timestamptz not null default now(),
  "expires_at" timestamptz not null
);
create index "sessions_user_id" on "gateway"."sessions" ("user_id");
create index "sessions_expires_at" on "gateway"."sessions" ("expires_at");
