-- The XP history names what each line was for (docs/features/data-ownership.md#xp-history): the quest's
-- and the milestone's titles as the event carried them. Lines written before have none.
alter table "auth"."xp_ledger" add column "quest_title" text;
alter table "auth"."xp_ledger" add column "milestone_title" text;
create index "xp_ledger_user_id_created_at_idx" on "auth"."xp_ledger" ("user_id", "created_at" desc, "id" desc);
