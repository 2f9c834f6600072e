-- A hero's own place on the global rankings without counting the heroes ahead of them (at 10,000 heroes
-- the count read about 10,000 index entries for a hero near the bottom). For each board, every value is
-- shifted into [0, 2^32) (value + 2^31, so no value is negative) and counted in power-of-two blocks:
-- at level k, block b holds the onboarded heroes whose shifted value >> k = b. The heroes above a value
-- are then at most 32 of these blocks (see RankingService), whatever the population.
--
-- The counts follow social.heroes itself, by statement triggers: every way a row changes (the event
-- consumers, the purge, a bulk insert) keeps them right, in the same transaction. A row only changes
-- the blocks its value leaves and enters: the levels where old and new share a block cancel out.
create table "social"."rank_blocks" (
  "board" text not null,
  "level" integer not null,
  "block" bigint not null,
  "heroes" integer not null,
  primary key ("board", "level", "block")
);

create function "social"."rank_blocks_follow"() returns trigger language plpgsql as $$
declare
  xp integer[] := '{}';
  lv integer[] := '{}';
  n integer[] := '{}';
begin
  if tg_op <> 'INSERT' then
    select xp || coalesce(array_agg(o.total_xp), '{}'), lv || coalesce(array_agg(o.life_level), '{}'),
           n || coalesce(array_agg(-1), '{}')
      into xp, lv, n
      from old_rows o where o.onboarded;
  end if;
  if tg_op <> 'DELETE' then
    select xp || coalesce(array_agg(w.total_xp), '{}'), lv || coalesce(array_agg(w.life_level), '{}'),
           n || coalesce(array_agg(1), '{}')
      into xp, lv, n
      from new_rows w where w.onboarded;
  end if;
  if cardinality(n) = 0 then
    return null;
  end if;
  -- In one order (board, level, block), so two transactions never wait on each other's blocks in turn.
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

create trigger "heroes_rank_blocks_insert" after insert on "social"."heroes"
  referencing new table as new_rows
  for each statement execute function "social"."rank_blocks_follow"();
create trigger "heroes_rank_blocks_update" after update on "social"."heroes"
  referencing old table as old_rows new table as new_rows
  for each statement execute function "social"."rank_blocks_follow"();
create trigger "heroes_rank_blocks_delete" after delete on "social"."heroes"
  referencing old table as old_rows
  for each statement execute function "social"."rank_blocks_follow"();

-- The heroes there are already.
insert into "social"."rank_blocks" ("board", "level", "block", "heroes")
select d.board, k.level, (d.value::bigint + 2147483648) >> k.level, count(*)::integer
  from (select 'total_xp' as board, h.total_xp as value from "social"."heroes" h where h.onboarded
        union all
        select 'level', h.life_level from "social"."heroes" h where h.onboarded) d
 cross join generate_series(0, 31) k(level)
 group by 1, 2, 3;
