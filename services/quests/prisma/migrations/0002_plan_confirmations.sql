-- What a plan quest was confirmed from: its draft's id, or a hash of the plan when no draft was named.
-- Unique per hero, so confirming the same draft again (a double click, a retry, ten tabs at once) finds
-- the quest the first confirmation made instead of making another.
alter table "quests"."goals" add column "confirmation_key" text;
create unique index "goals_user_id_confirmation_key_key" on "quests"."goals" ("user_id", "confirmation_key");
