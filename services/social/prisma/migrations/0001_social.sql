create table "social"."heroes" (
  "id" uuid primary key,
  "email" text unique,
  "name" text not null default '',
  "primary_class" text not null default 'general',
  "active_class_title" text not null default 'Pathfinder Initiate',
  "onboarded" boolean not null default false,
  "total_xp" integer not null default 0,
  "life_level" integer not null default 1,
  "xp_version" integer not null default -1,
  "profile_at" timestamptz(3),
  "created_at" timestamptz(3) not null default current_timestamp
);
-- The rankings read these from the top; only onboarded heroes are on the board.
create index "heroes_board_total_xp" on "social"."heroes" ("total_xp" desc, "name", "id") where "onboarded";
create index "heroes_board_life_level" on "social"."heroes" ("life_level" desc, "name", "id") where "onboarded";

create table "social"."activities" (
  "id" uuid primary key default gen_random_uuid(),
  "user_id" uuid not null,
  "type" text not null check ("type" in ('milestone_reached', 'level_up', 'achievement_unlocked',
    'goal_completed', 'friend_added', 'challenge_joined')),
  "title" text not null,
  "description" text not null,
  "source_key" text not null,
  "subject_user_id" uuid,
  "likes" integer not null default 0 check ("likes" >= 0),
  "created_at" timestamptz(3) not null,
  unique ("user_id", "source_key")
);
-- The feed reads each visible hero's newest activities from here (a bounded read per hero).
create index "activities_user_id_created_at_id_idx" on "social"."activities" ("user_id", "created_at" desc, "id" desc);
create index "activities_subject_user_id_idx" on "social"."activities" ("subject_user_id");

create table "social"."activity_likes" (
  "activity_id" uuid not null references "social"."activities" ("id") on delete cascade,
  "user_id" uuid not null,
  "created_at" timestamptz(3) not null default current_timestamp,
  primary key ("activity_id", "user_id")
);
create index "activity_likes_user_id_idx" on "social"."activity_likes" ("user_id");

create table "social"."friendships" (
  "user_id" uuid not null,
  "friend_id" uuid not null,
  "created_at" timestamptz(3) not null default current_timestamp,
  primary key ("user_id", "friend_id"),
  check ("user_id" <> "friend_id")
);
create index "friendships_friend_id_idx" on "social"."friendships" ("friend_id");

create table "social"."friend_requests" (
  "id" uuid primary key default gen_random_uuid(),
  "requester_id" uuid not null,
  "addressee_id" uuid not null,
  "status" text not null default 'pending' check ("status" in ('pending', 'accepted', 'rejected')),
  "created_at" timestamptz(3) not null default current_timestamp,
  "answered_at" timestamptz(3),
  check ("requester_id" <> "addressee_id")
);
-- At most one pending request from one hero to another.
create unique index "friend_requests_one_pending" on "social"."friend_requests" ("requester_id", "addressee_id")
  where "status" = 'pending';
create index "friend_requests_addressee_id_status_created_at_idx" on "social"."friend_requests" ("addressee_id", "status", "created_at");
create index "friend_requests_requester_id_status_idx" on "social"."friend_requests" ("requester_id", "status");

create table "social"."friend_request_quota" (
  "user_id" uuid primary key,
  "window_start" timestamptz(3) not null,
  "count" integer not null
);

create table "social"."challenges" (
  "id" uuid primary key default gen_random_uuid(),
  "class_name" text not null check ("class_name" in ('health', 'financial', 'education', 'social', 'spirituality')),
  "title" text not null,
  "description" text not null,
  "target_value" integer not null check ("target_value" >= 1),
  "starts_at" timestamptz(3) not null,
  "ends_at" timestamptz(3) not null,
  "participant_count" integer not null default 0 check ("participant_count" >= 0),
  "created_at" timestamptz(3) not null default current_timestamp,
  unique ("class_name", "starts_at"),
  check ("ends_at" > "starts_at")
);
create index "challenges_ends_at_idx" on "social"."challenges" ("ends_at");

create table "social"."challenge_participants" (
  "challenge_id" uuid not null references "social"."challenges" ("id") on delete cascade,
  "user_id" uuid not null,
  "joined_at" timestamptz(3) not null,
  "progress" integer not null default 0 check ("progress" >= 0),
  "progress_at" timestamptz(3) not null,
  primary key ("challenge_id", "user_id")
);
-- A participant's rank counts those ahead of them: more progress, or the same reached earlier.
create index "challenge_participants_standing_idx" on "social"."challenge_participants" ("challenge_id", "progress" desc, "progress_at");
create index "challenge_participants_user_id_idx" on "social"."challenge_participants" ("user_id");

create table "social"."challenge_steps" (
  "challenge_id" uuid not null,
  "user_id" uuid not null,
  "source_key" text not null,
  "occurred_at" timestamptz(3) not null,
  primary key ("challenge_id", "user_id", "source_key"),
  foreign key ("challenge_id", "user_id") references "social"."challenge_participants" ("challenge_id", "user_id") on delete cascade
);
create index "challenge_steps_user_id_source_key_idx" on "social"."challenge_steps" ("user_id", "source_key");

create table "social"."source_versions" (
  "user_id" uuid not null,
  "source_key" text not null,
  "version" integer not null,
  primary key ("user_id", "source_key")
);

create table "social"."deleted_heroes" (
  "user_id" uuid primary key,
  "deleted_at" timestamptz(3) not null default current_timestamp
);
