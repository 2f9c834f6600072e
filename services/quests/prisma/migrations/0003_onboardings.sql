-- A hero's onboarding makes their first quest once, ever. This row records that it did and outlives the
-- quest: once the hero deletes it, a repeated onboarding makes no other (and so cannot earn its XP again).
create table "quests"."onboardings" (
  "user_id" uuid primary key,
  "goal_id" uuid not null,
  "created_at" timestamptz(3) not null default current_timestamp
);
-- Heroes onboarded before this table whose onboarding quest still exists.
insert into "quests"."onboardings" ("user_id", "goal_id", "created_at")
  select "user_id", "id", "created_at" from "quests"."goals" where "source" = 'onboarding';
