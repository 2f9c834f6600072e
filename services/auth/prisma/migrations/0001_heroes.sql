create table "auth"."users" (
  "id" uuid primary key default gen_random_uuid(),
  "email" text not null,
  "name" text not null,
  "primary_class" text not null default 'general',
  "is_onboarded" boolean not null default false,
  "created_at" timestamptz(3) not null default current_timestamp,
  "updated_at" timestamptz(3) not null
);
create unique index "users_email_key" on "auth"."users" ("email");

create table "auth"."credentials" (
  "user_id" uuid primary key references "auth"."users" ("id") on delete cascade,
  "password_hash" text not null,
  "updated_at" timestamptz(3) not null
);
