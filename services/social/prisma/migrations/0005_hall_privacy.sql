-- The Fellowship Hall's privacy controls (docs/features/hall-privacy.md).

-- A hero may leave the global rankings (friends still rank them): the rank blocks count only the heroes
-- the global board shows, so the trigger of 0003 now follows show_in_rankings as well as onboarded.
alter table "social"."heroes" add column "show_in_rankings" boolean not null default true;

create or replace function "social"."rank_blocks_follow"() returns trigger language plpgsql as $$
declare
  xp integer[] := '{}';
  lv integer[] := '{}';
  n integer[] := '{}';
begin
  if tg_op <> 'INSERT' then
    select xp || coalesce(array_agg(o.total_xp), '{}'), lv || coalesce(array_agg(o.life_level), '{}'),
           n || coalesce(array_agg(-1), '{}')
      into xp, lv, n
      from old_rows o where o.onboarded and o.show_in_rankings;
  end if;
  if tg_op <> 'DELETE' then
    select xp || coalesce(array_agg(w.total_xp), '{}'), lv || coalesce(array_agg(w.life_level), '{}'),
           n || coalesce(array_agg(1), '{}')
      into xp, lv, n
      from new_rows w where w.onboarded and w.show_in_rankings;
  end if;
  if cardinality(n) = 0 then
    return null;
  end if;
  insert into "social"."rank_blocks" ("board", "level", "block", "heroes")
  select d.board, k.level, (d.value::bigint + 2147483648) >> k.level, sum(d.n)::integer
    from (select 'total_xp' as board, u.value, u.n from unnest(xp, n) u(value, n)
          union all
          select 'level', u.value, u.n from unnest(lv, n) u(value, n)) d
   cross join generate_series(0, 31) k(level)
   group by 1, 2, 3
  having sum(d.n) <> 0
   order by 1, 2, 3
  on conflict ("board", "level", "block")
    do update set "heroes" = "social"."rank_blocks"."heroes" + excluded."heroes";
  return null;
end
$$;

-- Which quest an activity or a challenge step came from, so a deleted quest takes all of them back
-- (its milestones, its completion, its stories). Quest completions name their quest in their source key.
alter table "social"."activities" add column "goal_id" uuid;
update "social"."activities" set "goal_id" = substr("source_key", 6)::uuid
 where "source_key" ~ '^goal:[0-9a-fA-F-]{36}$';
create index "activities_user_id_goal_id_idx" on "social"."activities" ("user_id", "goal_id");

alter table "social"."challenge_steps" add column "goal_id" uuid;
update "social"."challenge_steps" set "goal_id" = substr("source_key", 6)::uuid
 where "source_key" ~ '^goal:[0-9a-fA-F-]{36}$';
create index "challenge_steps_user_id_goal_id_idx" on "social"."challenge_steps" ("user_id", "goal_id");

-- A hero's blocks: each of the two no longer sees the other in the feed, likes, rankings or requests.
create table "social"."blocks" (
  "user_id" uuid not null,
  "blocked_id" uuid not null,
  "created_at" timestamptz(3) not null default current_timestamp,
  primary key ("user_id", "blocked_id"),
  check ("user_id" <> "blocked_id")
);
create index "blocks_blocked_id_idx" on "social"."blocks" ("blocked_id");
