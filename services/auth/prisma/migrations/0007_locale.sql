-- The app's language the hero chose on their profile (PATCH /api/auth/me), so it follows them across
-- devices; null until they choose, when the web follows the browser's language.
alter table "auth"."users" add column "locale" text;
