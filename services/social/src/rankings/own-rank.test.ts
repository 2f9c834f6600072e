import { type Leaderboard, lifeLevelForXp } from '@lifequest/proto';
import { beforeAll, expect, it } from 'vitest';
import { type HeroCaller, useSocial } from '../testing/test-kit.ts';

// A hero's own place on the global board comes from social.rank_blocks (migration 0003), kept by
// triggers on social.heroes. Here XP moves up and down, across power-of-two boundaries, to zero and
// below, and a hero leaves; after every step each hero's rank must be the product's (one more than the
// onboarded heroes with a higher value), and the blocks must equal a recount from the heroes.
const social = useSocial();
const heroes: HeroCaller[] = [];
const xp = new Map<string, number>();

beforeAll(async () => {
  const start = [1200, 900, 900, 650, 300, 300, 150, 120, 100, 60, 40, 20, 10, 0];
  for (const [i, total] of start.entries()) {
    const hero = await social.newHero(`Hero ${i}`);
    heroes.push(hero);
    await setXp(hero, total);
  }
  // Not onboarded: never on the board, never counted ahead of anyone.
  const outsider = await social.newHero('Outsider', { onboarded: false });
  await social.setXp(outsider.userId, 5000);
});

async function setXp(hero: HeroCaller, total: number) {
  xp.set(hero.userId, total);
  await social.setXp(hero.userId, total);
}

/** The product's rank: one more than the number of heroes on the board with a higher value. */
function expectedRank(value: number, board: 'total_xp' | 'level'): number {
  const of = (total: number) => (board === 'total_xp' ? total : lifeLevelForXp(total));
  return 1 + [...xp.values()].filter((other) => of(other) > value).length;
}

async function expectRanksRight() {
  for (const hero of heroes) {
    if (!xp.has(hero.userId)) continue;
    for (const board of ['total_xp', 'level'] as const) {
      const res = await hero.get<Leaderboard>(`/api/leaderboard?type=${board}`);
      expect(res.status).toBe(200);
      const mine = res.body.find((entry) => entry.user.id === hero.userId);
      const total = xp.get(hero.userId)!;
      const value = board === 'total_xp' ? total : lifeLevelForXp(total);
      expect(mine, `${hero.name} on ${board}`).toMatchObject({ value, rank: expectedRank(value, board) });
      // Everyone shown above the hero has the rank the rules give them too (docs/product.md#rankings).
      for (const entry of res.body) expect(entry.rank).toBe(expectedRank(entry.value, board));
    }
  }
  const recount = await social.db.$queryRaw<
    { board: string; level: number; block: bigint; heroes: number }[]
  >`
    select d.board, k.level, (d.value::bigint + 2147483648) >> k.level as block, count(*)::int as heroes
      from (select 'total_xp' as board, total_xp as value from social.heroes where onboarded
            union all select 'level', life_level from social.heroes where onboarded) d
     cross join generate_series(0, 31) k(level)
     group by 1, 2, 3 order by 1, 2, 3`;
  const kept = await social.db.$queryRaw<typeof recount>`
    select board, level, block, heroes from social.rank_blocks where heroes <> 0 order by 1, 2, 3`;
  expect(kept).toEqual(recount);
}

it('ranks every hero by the rule after XP goes up and down', async () => {
  await expectRanksRight();
  const [ada, bo, , dot, eli, , , , , jay, , lu, mae, zed] = heroes;
  // Up, past the top, across 1024 and 2048.
  await setXp(mae!, 2050);
  await setXp(jay!, 1024);
  await expectRanksRight();
  // Down: from the top to the bottom, onto a tie, to zero.
  await setXp(ada!, 5);
  await setXp(bo!, 300);
  await setXp(mae!, 0);
  await expectRanksRight();
  // Below zero (the events allow it) and back; a tie broken in both directions.
  await setXp(zed!, -40);
  await setXp(eli!, 301);
  await setXp(dot!, 299);
  await expectRanksRight();
  await setXp(zed!, 1_000_000);
  await setXp(lu!, 650);
  await expectRanksRight();
});

it('keeps the blocks right when a hero leaves the board', async () => {
  const [, , cid] = heroes;
  await social.db.$executeRaw`delete from social.heroes where id = ${cid!.userId}::uuid`;
  xp.delete(cid!.userId);
  await expectRanksRight();
});
