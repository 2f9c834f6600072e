-- A hero renames themself at most once a day (PATCH /api/auth/me): when the name last changed that way.
alter table "auth"."users" add column "name_changed_at" timestamptz(3);
-- False when the hero left the global rankings (social's boards follow it through user.updated).
alter table "auth"."users" add column "show_in_rankings" boolean not null default true;
