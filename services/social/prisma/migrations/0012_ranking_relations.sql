-- The rankings' Redis store (rankings/redis-boards.ts) keeps each hero's blocks (either way) and friends
-- beside the boards, so that a read needs no SQL. They follow social.blocks and social.friendships
-- through the same change log as the heroes (migration 0011): a statement trigger logs the id of every
-- hero whose blocks or friends changed, and the store re-reads that hero's row, blocks and friends.
--
-- And the log tells: a statement that logs something NOTIFYs `social_rankings` (delivered at commit,
-- one per transaction), as does a move of the epoch. Every social replica LISTENs and applies the log
-- then, so a read asks Redis only.

-- A block (user_id, blocked_id) changes what both heroes see.
create function "social"."ranking_blocks_follow"() returns trigger language plpgsql as $$
begin
  if not coalesce((select f.enabled from "social"."ranking_feed" f), false) then
    return null;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into "social"."ranking_changes" ("hero_id")
    select w.user_id from new_rows w union select w.blocked_id from new_rows w
    on conflict do nothing;
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    insert into "social"."ranking_changes" ("hero_id")
    select o.user_id from old_rows o union select o.blocked_id from old_rows o
    on conflict do nothing;
  end if;
  return null;
end
$$;

create trigger "blocks_ranking_changes_insert" after insert on "social"."blocks"
  referencing new table as new_rows
  for each statement execute function "social"."ranking_blocks_follow"();
create trigger "blocks_ranking_changes_update" after update on "social"."blocks"
  referencing old table as old_rows new table as new_rows
  for each statement execute function "social"."ranking_blocks_follow"();
create trigger "blocks_ranking_changes_delete" after delete on "social"."blocks"
  referencing old table as old_rows
  for each statement execute function "social"."ranking_blocks_follow"();

-- A friendship row (user_id, friend_id) is in user_id's friends (each way has its own row).
create function "social"."ranking_friendships_follow"() returns trigger language plpgsql as $$
begin
  if not coalesce((select f.enabled from "social"."ranking_feed" f), false) then
    return null;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into "social"."ranking_changes" ("hero_id") select distinct w.user_id from new_rows w
    on conflict do nothing;
  end if;
  if tg_op in ('DELETE', 'UPDATE') then
    insert into "social"."ranking_changes" ("hero_id") select distinct o.user_id from old_rows o
    on conflict do nothing;
  end if;
  return null;
end
$$;

create trigger "friendships_ranking_changes_insert" after insert on "social"."friendships"
  referencing new table as new_rows
  for each statement execute function "social"."ranking_friendships_follow"();
create trigger "friendships_ranking_changes_update" after update on "social"."friendships"
  referencing old table as old_rows new table as new_rows
  for each statement execute function "social"."ranking_friendships_follow"();
create trigger "friendships_ranking_changes_delete" after delete on "social"."friendships"
  referencing old table as old_rows
  for each statement execute function "social"."ranking_friendships_follow"();

-- Something was logged, or the epoch moved: the replicas apply the log (or rebuild) once this commits.
create function "social"."ranking_changes_notify"() returns trigger language plpgsql as $$
begin
  if tg_table_name <> 'ranking_changes' or exists (select 1 from new_rows) then
    perform pg_notify('social_rankings', '');
  end if;
  return null;
end
$$;

create trigger "ranking_changes_notify" after insert on "social"."ranking_changes"
  referencing new table as new_rows
  for each statement execute function "social"."ranking_changes_notify"();
create trigger "ranking_feed_notify" after update on "social"."ranking_feed"
  referencing new table as new_rows
  for each statement execute function "social"."ranking_changes_notify"();
