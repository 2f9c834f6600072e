import type { Leaderboard } from '@lifequest/proto';
import { beforeAll, describe, expect, it } from 'vitest';
import { befriend } from '../testing/befriend.ts';
import { type HeroCaller, useSocial } from '../testing/test-kit.ts';
import { LEADERBOARD_TOP } from './service.ts';

// One board for the whole file, built once: heroes are only ever added, so every test reads it as it is.
const social = useSocial();
const heroes: Record<string, HeroCaller> = {};
beforeAll(async () => {
  const xp: [string, number][] = [
    ['Ada', 1200],
    ['Bo', 900],
    ['Cid', 900],
    ['Dot', 650],
    ['Eli', 300],
    ['Fox', 300],
    ['Gia', 150],
    ['Hu', 120],
    ['Ike', 100],
    ['Jay', 60],
    ['Kit', 40],
    ['Lu', 20],
    ['Mae', 10],
  ];
  for (const [name, total] of xp) {
    heroes[name] = await social.newHero(name, { primaryClass: 'health' });
    await social.setXp(heroes[name]!.userId, total);
  }
});

const board = async (hero: HeroCaller, query: string) => {
  const res = await hero.get<Leaderboard>(`/api/leaderboard${query}`);
  expect(res.status).toBe(200);
  return res.body.map((e) => [e.rank, e.user.name, e.value]);
};

describe('GET /api/leaderboard', () => {
  it('type=total_xp: the top of the board, highest first, ties sharing a rank', async () => {
    expect(LEADERBOARD_TOP).toBe(10);
    expect(await board(heroes.Ada!, '?type=total_xp')).toEqual([
      [1, 'Ada', 1200],
      [2, 'Bo', 900],
      [2, 'Cid', 900],
      [4, 'Dot', 650],
      [5, 'Eli', 300],
      [5, 'Fox', 300],
      [7, 'Gia', 150],
      [8, 'Hu', 120],
      [9, 'Ike', 100],
      [10, 'Jay', 60],
    ]);
    const [first] = (await heroes.Ada!.get<Leaderboard>('/api/leaderboard?type=total_xp')).body;
    expect(first).toEqual({
      rank: 1,
      value: 1200,
      user: { id: heroes.Ada!.userId, name: 'Ada', activeClassTitle: 'Vitality Warden' },
    });
  });

  it('adds the asking hero’s own place when they are below the top', async () => {
    const mine = await board(heroes.Mae!, '?type=total_xp');
    expect(mine).toHaveLength(11);
    expect(mine.at(-1)).toEqual([13, 'Mae', 10]);
    expect(await board(heroes.Ada!, '')).toHaveLength(10);
  });

  it('type=level ranks by lifeLevel, ties sharing a rank', async () => {
    const levels = await board(heroes.Mae!, '?type=level');
    expect(levels.slice(0, 4)).toEqual([
      [1, 'Ada', 5],
      [2, 'Bo', 4],
      [2, 'Cid', 4],
      [2, 'Dot', 4],
    ]);
    // Levels 3 (Eli, Fox), 2 (Gia, Hu, Ike), 1 (Jay, Kit, Lu, Mae): Mae shares rank 10 with Jay.
    expect(levels.at(-1)).toEqual([10, 'Mae', 1]);
  });

  it('any other type is a 400', async () => {
    const res = await heroes.Ada!.get('/api/leaderboard?type=wisdom');
    expect(res).toMatchObject({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: expect.stringContaining('type must be one of total_xp, level, streak'),
      },
    });
  });

  it('scope=friends ranks the hero among their friends only', async () => {
    await befriend(heroes.Lu!, heroes.Dot!);
    await befriend(heroes.Lu!, heroes.Kit!);
    expect(await board(heroes.Lu!, '?type=total_xp&scope=friends')).toEqual([
      [1, 'Dot', 650],
      [2, 'Kit', 40],
      [3, 'Lu', 20],
    ]);
    expect(await board(heroes.Dot!, '?scope=friends')).toEqual([
      [1, 'Dot', 650],
      [2, 'Lu', 20],
    ]);
    expect((await heroes.Lu!.get('/api/leaderboard?scope=everyone')).status).toBe(400);
  });

  it('leaves out heroes who have not finished onboarding', async () => {
    const newcomer = await social.newHero('Newt', { onboarded: false });
    await social.setXp(newcomer.userId, 5000);
    expect((await board(newcomer, '')).map((e) => e[1])).not.toContain('Newt');
    expect(await board(newcomer, '')).toHaveLength(10);
  });
});

describe('the totals behind the board', () => {
  it('follow user.xp_changed by xpVersion: a redelivered or late event changes nothing', async () => {
    const hero = await social.newHero('Nia');
    const at = (totalXP: number, xpVersion: number) =>
      social.publish('user.xp_changed', { userId: hero.userId, totalXP, lifeLevel: 1, xpVersion });
    const v2 = await at(80, 2);
    await at(40, 1);
    await social.svc.redeliver(v2);
    const row = await social.db.hero.findUniqueOrThrow({ where: { id: hero.userId } });
    expect({ totalXp: row.totalXp, xpVersion: row.xpVersion }).toEqual({ totalXp: 80, xpVersion: 2 });
  });

  it('names and class titles follow the newest profile event', async () => {
    const hero = await social.newHero('Old name');
    await social.publish(
      'user.updated',
      { userId: hero.userId, name: 'Stale', activeClassTitle: 'Gold Steward' },
      new Date(Date.now() - 60_000),
    );
    await social.publish('user.updated', {
      userId: hero.userId,
      name: 'Orla',
      activeClassTitle: 'Mystic Seeker',
    });
    await social.setXp(hero.userId, 2000);
    expect((await hero.get<Leaderboard>('/api/leaderboard')).body[0]).toMatchObject({
      value: 2000,
      user: { name: 'Orla', activeClassTitle: 'Mystic Seeker' },
    });
  });
});
