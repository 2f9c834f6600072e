-- The hero's IANA time zone (PATCH /api/auth/me): social counts their streak's days in it, quests runs
-- their weekly review on their Monday morning. Carried to them in user.registered and user.updated.
alter table "auth"."users" add column "time_zone" text not null default 'UTC';
