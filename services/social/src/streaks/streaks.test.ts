import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { befriend } from '../testing/befriend.ts';
import { type HeroCaller, useSocial } from '../testing/test-kit.ts';

const social = useSocial();

/** A hero in `timezone` (as auth announces it after PATCH /api/auth/me). */
async function heroIn(timezone: string, name = 'Ana'): Promise<HeroCaller> {
  const hero = await social.newHero(name);
  await social.publish('user.updated', { userId: hero.userId, timezone });
  return hero;
}

/** Quests' milestone.completed, happened at `at`; returns what its reopening needs. */
async function completeMilestone(hero: HeroCaller, at: string) {
  const milestone = { milestoneId: randomUUID(), goalId: randomUUID(), userId: hero.userId };
  await social.publish(
    'milestone.completed',
    { ...milestone, title: 'Step', goalTitle: 'Quest', xpReward: 10, version: 1 },
    new Date(at),
  );
  return milestone;
}

async function logProgress(hero: HeroCaller, at: string) {
  await social.publish(
    'progress.logged',
    {
      progressId: randomUUID(),
      goalId: randomUUID(),
      userId: hero.userId,
      value: 1,
      unit: null,
      loggedAt: at,
    },
    new Date(at),
  );
}

async function streakOn(hero: HeroCaller, at: string) {
  social.clock.set(at);
  const answer = await hero.get('/api/streaks/me');
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The ISO day `n` days after 2026-03-01, at `time` UTC. */
function day(n: number, time = '12:00:00'): string {
  const date = new Date(Date.UTC(2026, 2, 1 + n));
  return `${date.toISOString().slice(0, 10)}T${time}.000Z`;
}

describe('streaks', () => {
  it('grows one a day, waits for today until midnight, and ends after a missed day with no freeze', async () => {
    const ana = await heroIn('UTC');
    expect(await streakOn(ana, day(0))).toEqual({
      current: 0,
      longest: 0,
      today_done: false,
      freezes_available: 0,
      vacation_until: null,
    });
    for (let n = 0; n < 3; n++) await logProgress(ana, day(n));
    expect(await streakOn(ana, day(2, '23:00:00'))).toMatchObject({
      current: 3,
      longest: 3,
      today_done: true,
    });
    // The next day is still open: the streak stands, today not done.
    expect(await streakOn(ana, day(3, '20:00:00'))).toMatchObject({ current: 3, today_done: false });
    // Once that day is gone undone, the streak is over; the longest stays.
    expect(await streakOn(ana, day(4, '08:00:00'))).toMatchObject({ current: 0, longest: 3 });
  });

  it('counts a deed on the day it falls in the hero’s own zone', async () => {
    // 2026-03-02T23:30Z is already 3 March in Tokyo and still 2 March in Los Angeles (15:30).
    const tokyo = await heroIn('Asia/Tokyo', 'Kenji');
    const angeles = await heroIn('America/Los_Angeles', 'Lia');
    for (const hero of [tokyo, angeles]) {
      await completeMilestone(hero, '2026-03-02T23:30:00.000Z');
    }
    // 3 March, 10:00 in Tokyo: done today. In Los Angeles it is 2 March 17:00: done today too.
    expect(await streakOn(tokyo, '2026-03-03T01:00:00.000Z')).toMatchObject({ current: 1, today_done: true });
    expect(await streakOn(angeles, '2026-03-03T01:00:00.000Z')).toMatchObject({
      current: 1,
      today_done: true,
    });
    // 3 March 20:00 in Los Angeles (4 March 04:00 UTC): 3 March not done there yet, the streak stands.
    expect(await streakOn(angeles, '2026-03-04T04:00:00.000Z')).toMatchObject({
      current: 1,
      today_done: false,
    });
    // Tokyo is on 4 March 13:00 and its 3 March was done: still done, but not today.
    expect(await streakOn(tokyo, '2026-03-04T04:00:00.000Z')).toMatchObject({
      current: 1,
      today_done: false,
    });
    // A zone change follows the hero: the same moment, now read in Tokyo for Lia, is another day.
    await social.publish(
      'user.updated',
      { userId: angeles.userId, timezone: 'Asia/Tokyo' },
      new Date('2027-01-01T00:00:00.000Z'),
    );
    expect(await streakOn(angeles, '2026-03-03T01:00:00.000Z')).toMatchObject({ today_done: false });
  });

  it('earns a freeze for 7 days in a row, spends it on a missed day, and breaks when none is left', async () => {
    const ben = await heroIn('Europe/Paris', 'Ben');
    for (let n = 0; n < 7; n++) await completeMilestone(ben, day(n, '09:00:00'));
    expect(await streakOn(ben, day(6, '18:00:00'))).toMatchObject({ current: 7, freezes_available: 1 });
    // Day 7 missed: the freeze holds the streak.
    expect(await streakOn(ben, day(8, '09:00:00'))).toMatchObject({ current: 7, freezes_available: 0 });
    await completeMilestone(ben, day(8, '10:00:00'));
    expect(await streakOn(ben, day(8, '18:00:00'))).toMatchObject({
      current: 8,
      longest: 8,
      today_done: true,
    });
    // Day 9 missed with no freeze: the streak ends.
    expect(await streakOn(ben, day(10, '09:00:00'))).toMatchObject({ current: 0, longest: 8 });
  });

  it('holds at most 2 freezes over weeks of days', async () => {
    const cal = await heroIn('UTC', 'Cal');
    for (let n = 0; n < 28; n++) await logProgress(cal, day(n));
    expect(await streakOn(cal, day(27, '20:00:00'))).toMatchObject({ current: 28, freezes_available: 2 });
    // Two missed days spend both freezes; the third ends the streak.
    expect(await streakOn(cal, day(30, '08:00:00'))).toMatchObject({ current: 28, freezes_available: 0 });
    expect(await streakOn(cal, day(31, '08:00:00'))).toMatchObject({ current: 0, longest: 28 });
  });

  it('a vacation pauses the streak without spending a freeze, and ending it makes days count again', async () => {
    const dee = await heroIn('America/New_York', 'Dee');
    for (let n = 0; n < 7; n++) await logProgress(dee, day(n, '15:00:00'));
    social.clock.set(day(6, '20:00:00'));
    // Set twice: the second moves the end of the same vacation.
    expect((await dee.json('PUT', '/api/streaks/vacation', { until: '2026-03-30' })).status).toBe(200);
    const set = await dee.json('PUT', '/api/streaks/vacation', { until: '2026-03-17' });
    expect(set).toMatchObject({ status: 200, body: { current: 7, vacation_until: '2026-03-17' } });
    // Ten days away: nothing missed, the freeze kept.
    expect(await streakOn(dee, day(16, '20:00:00'))).toMatchObject({
      current: 7,
      freezes_available: 1,
      vacation_until: '2026-03-17',
    });
    const ended = await dee.delete('/api/streaks/vacation');
    expect(ended).toMatchObject({ status: 200, body: { current: 7, vacation_until: null } });
    // The vacation ended on 16 March: 17 March (today then) was an ordinary day, missed, so a freeze went.
    expect(await streakOn(dee, day(17, '20:00:00'))).toMatchObject({ current: 7, freezes_available: 0 });
  });

  it('refuses a vacation in the past or more than 30 days ahead', async () => {
    const eve = await heroIn('UTC', 'Eve');
    social.clock.set('2026-03-01T12:00:00.000Z');
    for (const until of ['2026-02-28', '2026-04-01']) {
      const refused = await eve.json('PUT', '/api/streaks/vacation', { until });
      expect(refused).toMatchObject({ status: 400, body: { code: 'VACATION_OUT_OF_RANGE' } });
    }
    const bad = await eve.json('PUT', '/api/streaks/vacation', { until: 'soon' });
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect((await eve.json('PUT', '/api/streaks/vacation', { until: '2026-03-31' })).status).toBe(200);
  });

  it('a 7-day streak is an activity and an XP bonus once; taking back the day’s only deed takes both back', async () => {
    const fay = await heroIn('UTC', 'Fay');
    for (let n = 0; n < 6; n++) await logProgress(fay, day(n));
    social.clock.set(day(6, '13:00:00'));
    const seventh = await completeMilestone(fay, day(6));
    await social.svc.settled();
    const reached = () =>
      social.svc.publishedOf('streak.milestone_reached').filter((e) => e.payload.userId === fay.userId);
    const revoked = () =>
      social.svc.publishedOf('streak.milestone_revoked').filter((e) => e.payload.userId === fay.userId);
    expect(reached().map((e) => e.payload)).toEqual([
      { userId: fay.userId, days: 7, xpBonus: 20, version: 0 },
    ]);
    const streakActivities = () =>
      social.db.activity.findMany({ where: { userId: fay.userId, sourceKey: 'streak:7' } });
    expect(await streakActivities()).toMatchObject([{ type: 'achievement_unlocked', title: '7-Day Streak' }]);

    await social.publish(
      'milestone.reopened',
      { ...seventh, title: 'Step', xpReward: 10, version: 2 },
      new Date(day(6, '14:00:00')),
    );
    await social.svc.settled();
    expect(await streakOn(fay, day(6, '15:00:00'))).toMatchObject({ current: 6, today_done: false });
    expect(revoked().map((e) => e.payload)).toEqual([{ userId: fay.userId, days: 7, version: 1 }]);
    expect(await streakActivities()).toEqual([]);

    // Done again the same day: reached again (a newer version), still one activity.
    await logProgress(fay, day(6, '16:00:00'));
    await social.svc.settled();
    expect(reached().map((e) => e.payload.version)).toEqual([0, 2]);
    expect(await streakActivities()).toHaveLength(1);
    // Later days never award the 7 again.
    await logProgress(fay, day(7));
    await social.svc.settled();
    expect(reached()).toHaveLength(2);
  });

  it('a reopening on a later day leaves the day already done as it was', async () => {
    const gus = await heroIn('UTC', 'Gus');
    const done = await completeMilestone(gus, day(0));
    await social.publish(
      'milestone.reopened',
      { ...done, title: 'Step', xpReward: 10, version: 2 },
      new Date(day(1)),
    );
    expect(await streakOn(gus, day(1, '13:00:00'))).toMatchObject({ current: 1, today_done: false });
  });

  it('ranks heroes by their current streak with type=streak', async () => {
    const hal = await heroIn('UTC', 'Hal Streaker');
    for (let n = 40; n < 40 + 50; n++) await logProgress(hal, day(n));
    const board = await hal.get('/api/leaderboard?type=streak');
    expect(board.status).toBe(200);
    expect(board.body[0]).toMatchObject({ rank: 1, value: 50, user: { id: hal.userId } });
    expect((await hal.get('/api/leaderboard?type=total_xp')).status).toBe(200);
  });

  it('two friends who both count a day extend their shared streak; a day only one counted ends it', async () => {
    const ida = await heroIn('UTC', 'Ida');
    const jon = await heroIn('UTC', 'Jon');
    social.clock.set(day(60));
    await befriend(ida, jon);
    for (let n = 60; n < 63; n++) {
      await logProgress(ida, day(n));
      await logProgress(jon, day(n, '18:00:00'));
    }
    // Day 63: only Ida.
    await logProgress(ida, day(63));
    const shared = async (hero: HeroCaller, at: string) => {
      social.clock.set(at);
      return (await hero.get('/api/friends')).body.map((f: { friend_streak: number }) => f.friend_streak);
    };
    expect(await shared(ida, day(62, '20:00:00'))).toEqual([3]);
    expect(await shared(jon, day(62, '20:00:00'))).toEqual([3]);
    // Day 63 still open for Jon: the shared streak holds through it.
    expect(await shared(jon, day(63, '20:00:00'))).toEqual([3]);
    // Day 63 gone with only Ida's deed: over, for both.
    expect(await shared(ida, day(64, '09:00:00'))).toEqual([0]);
    await logProgress(ida, day(64));
    await logProgress(jon, day(64));
    expect(await shared(jon, day(64, '20:00:00'))).toEqual([1]);
  });
});
