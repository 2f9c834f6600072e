import { createEnvelope, type EventEnvelope, type EventName, type EventPayloads } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { useAuth } from '../testing/test-kit.ts';

const xp = useAuth();

const ids = () => ({ milestoneId: crypto.randomUUID(), goalId: crypto.randomUUID() });

function completed(
  userId: string,
  m: { milestoneId: string; goalId: string },
  version: number,
  xpReward = 50,
  xpBonus = 0,
) {
  return xp.publish('milestone.completed', {
    ...m,
    userId,
    title: 'Run 2K',
    goalTitle: 'Run 5K',
    xpReward,
    xpBonus,
    version,
  });
}

function reopened(
  userId: string,
  m: { milestoneId: string; goalId: string },
  version: number,
  xpReward = 50,
) {
  return xp.publish('milestone.reopened', { ...m, userId, title: 'Run 2K', xpReward, version });
}

describe('the XP ledger', () => {
  it('a completed milestone adds its XP reward and its early bonus', async () => {
    const hero = await xp.newHero();
    await completed(hero, ids(), 1, 50, 10);
    expect(await xp.total(hero)).toBe(60);
  });

  it('toggling back and forth leaves XP exactly where it started', async () => {
    const hero = await xp.newHero();
    const other = ids();
    await completed(hero, other, 1, 30);
    const m = ids();
    await completed(hero, m, 1, 50, 10);
    await reopened(hero, m, 2);
    await completed(hero, m, 3, 50, 0);
    await reopened(hero, m, 4);
    await completed(hero, m, 5, 50, 10);
    expect(await xp.total(hero)).toBe(90);
    await reopened(hero, m, 6);
    expect(await xp.total(hero)).toBe(30);
  });

  it('reopening takes back what completing gave, not what the reopening event claims', async () => {
    const hero = await xp.newHero();
    const m = ids();
    await completed(hero, m, 1, 50, 10);
    await reopened(hero, m, 2, 999);
    expect(await xp.total(hero)).toBe(0);
  });

  it('a redelivered event changes nothing', async () => {
    const hero = await xp.newHero();
    const m = ids();
    const done = await completed(hero, m, 1, 50);
    await xp.svc.redeliver(done);
    expect(await xp.total(hero)).toBe(50);
    const undone = await reopened(hero, m, 2);
    await xp.svc.redeliver(undone);
    await xp.svc.redeliver(done);
    expect(await xp.total(hero)).toBe(0);
  });

  it('a completion delivered after the reopening that followed it is ignored', async () => {
    const hero = await xp.newHero();
    const m = ids();
    await reopened(hero, m, 2);
    await completed(hero, m, 1, 50);
    expect(await xp.total(hero)).toBe(0);
    await completed(hero, m, 3, 50);
    expect(await xp.total(hero)).toBe(50);
  });

  it('a goal’s completion bonus comes with goal.completed and goes with goal.reopened', async () => {
    const hero = await xp.newHero();
    const goalId = crypto.randomUUID();
    const goal = { goalId, userId: hero, title: 'Run 5K' };
    await xp.publish('goal.completed', { ...goal, foundation: 'Health', xpBonus: 20, version: 1 });
    expect(await xp.total(hero)).toBe(20);
    await xp.publish('goal.reopened', { ...goal, version: 2 });
    expect(await xp.total(hero)).toBe(0);
    await xp.publish('goal.completed', { ...goal, foundation: null, xpBonus: 0, version: 3 });
    expect(await xp.total(hero)).toBe(0);
  });

  it('logging_daily is earned once per quest and UTC day', async () => {
    const hero = await xp.newHero();
    const goalId = crypto.randomUUID();
    const log = (loggedAt: string, xpBonus: number) =>
      xp.publish('progress.logged', {
        progressId: crypto.randomUUID(),
        goalId,
        userId: hero,
        value: 1,
        unit: null,
        loggedAt,
        xpBonus,
      });
    await log('2026-03-01T08:00:00.000Z', 5);
    // Two entries racing for the day's first both offered the bonus: it still counts once.
    await log('2026-03-01T21:00:00.000Z', 5);
    await log('2026-03-01T22:00:00.000Z', 0);
    expect(await xp.total(hero)).toBe(5);
    await log('2026-03-02T00:00:00.000Z', 5);
    expect(await xp.total(hero)).toBe(10);
  });

  it('announces user.leveled_up when lifeLevel goes up, and only then', async () => {
    const hero = await xp.newHero('Lev');
    await completed(hero, ids(), 1, 60);
    await xp.svc.settled();
    expect(xp.svc.publishedOf('user.leveled_up').filter((e) => e.payload.userId === hero)).toEqual([]);
    const m = ids();
    await completed(hero, m, 1, 50);
    await xp.svc.settled();
    expect(
      xp.svc
        .publishedOf('user.leveled_up')
        .filter((e) => e.payload.userId === hero)
        .map((e) => e.payload),
    ).toEqual([
      {
        userId: hero,
        name: 'Lev',
        activeClassTitle: 'Pathfinder Initiate',
        fromLevel: 1,
        toLevel: 2,
        totalXP: 110,
      },
    ]);
    // Dropping back below 100 and climbing again is a new level-up.
    await reopened(hero, m, 2);
    await completed(hero, m, 3, 50);
    await xp.svc.settled();
    expect(xp.svc.publishedOf('user.leveled_up').filter((e) => e.payload.userId === hero)).toHaveLength(2);
  });

  it('announces every change of the totals with a growing xpVersion, and nothing when XP stays put', async () => {
    const hero = await xp.newHero('Tally');
    const m = ids();
    const done = await completed(hero, m, 1, 60);
    await xp.svc.redeliver(done);
    await reopened(hero, m, 2);
    // A completion older than the reopening changes nothing, so it announces nothing.
    await completed(hero, m, 1, 60);
    await completed(hero, ids(), 1, 120);
    await xp.svc.settled();
    // The relay may publish them in any order: xpVersion orders them.
    const changes = xp.svc
      .publishedOf('user.xp_changed')
      .filter((e) => e.payload.userId === hero)
      .map((e) => e.payload)
      .sort((a, b) => a.xpVersion - b.xpVersion);
    expect(changes.map(({ totalXP, lifeLevel }) => ({ totalXP, lifeLevel }))).toEqual([
      { totalXP: 60, lifeLevel: 1 },
      { totalXP: 0, lifeLevel: 1 },
      { totalXP: 120, lifeLevel: 2 },
    ]);
    expect(new Set(changes.map((c) => c.xpVersion)).size).toBe(3);
    expect(changes.at(-1)?.xpVersion).toBe(await xp.db.xpEntry.count({ where: { userId: hero } }));
  });

  it('ignores XP events of a hero who no longer exists', async () => {
    const ghost = crypto.randomUUID();
    await completed(ghost, ids(), 1, 50);
    expect(await xp.db.xpEntry.count({ where: { userId: ghost } })).toBe(0);
  });
});

describe('the daily XP ceiling (1,500 XP per UTC day)', () => {
  /** Delivers an event that happened at `occurredAt` (the harness's publish dates events now). */
  async function at<N extends EventName>(occurredAt: string, name: N, payload: EventPayloads[N]) {
    const event = createEnvelope(name, payload, payload.userId, new Date(occurredAt));
    await xp.svc.redeliver(event as EventEnvelope);
    return event;
  }
  const done = (
    userId: string,
    m: { milestoneId: string; goalId: string },
    version: number,
    xpReward: number,
    xpBonus = 0,
  ) => ({
    ...m,
    userId,
    title: 'Farm',
    goalTitle: 'Farm',
    xpReward,
    xpBonus,
    version,
  });
  const undone = (userId: string, m: { milestoneId: string; goalId: string }, version: number) => ({
    ...m,
    userId,
    title: 'Farm',
    xpReward: 1000,
    version,
  });
  const amounts = async (userId: string, eventId: string) =>
    (await xp.db.xpEntry.findMany({ where: { userId, eventId }, orderBy: { source: 'asc' } })).map((line) => [
      line.source,
      line.amount,
    ]);

  it('grants only what the day has room for, records that, and opens again the next UTC day', async () => {
    const hero = await xp.newHero();
    await at('2026-03-01T08:00:00Z', 'milestone.completed', done(hero, ids(), 1, 1000));
    const second = await at('2026-03-01T09:00:00Z', 'milestone.completed', done(hero, ids(), 1, 1000));
    expect(await xp.total(hero)).toBe(1500);
    expect(await amounts(hero, second.id)).toEqual([['milestone', 500]]);
    const third = await at('2026-03-01T23:59:59Z', 'milestone.completed', done(hero, ids(), 1, 300));
    expect(await amounts(hero, third.id)).toEqual([['milestone', 0]]);
    expect(await xp.total(hero)).toBe(1500);
    await at('2026-03-02T00:00:00Z', 'milestone.completed', done(hero, ids(), 1, 300));
    expect(await xp.total(hero)).toBe(1800);
  });

  it('a reopening takes back exactly what the capped completion gave, bonuses included', async () => {
    const hero = await xp.newHero();
    const first = ids();
    const capped = ids();
    await at('2026-03-01T08:00:00Z', 'milestone.completed', done(hero, first, 1, 1000));
    const completion = await at(
      '2026-03-01T09:00:00Z',
      'milestone.completed',
      done(hero, capped, 1, 400, 200),
    );
    // 400 fits; of the early bonus only 100 does.
    expect(await amounts(hero, completion.id)).toEqual([
      ['bonus', 100],
      ['milestone', 400],
    ]);
    expect(await xp.total(hero)).toBe(1500);
    await at('2026-03-01T10:00:00Z', 'milestone.reopened', undone(hero, capped, 2));
    expect(await xp.total(hero)).toBe(1000);
    await at('2026-03-01T11:00:00Z', 'milestone.reopened', undone(hero, first, 2));
    expect(await xp.total(hero)).toBe(0);
  });

  it('counts the day’s net gain: toggling back and forth does not use the day up', async () => {
    const hero = await xp.newHero();
    const m = ids();
    for (let version = 1; version <= 6; version += 2) {
      await at('2026-03-01T08:00:00Z', 'milestone.completed', done(hero, m, version, 1000));
      await at('2026-03-01T08:00:01Z', 'milestone.reopened', undone(hero, m, version + 1));
    }
    await at('2026-03-01T09:00:00Z', 'milestone.completed', done(hero, m, 7, 1000));
    expect(await xp.total(hero)).toBe(1000);
  });

  it('caps a goal’s completion bonus and logging_daily too', async () => {
    const hero = await xp.newHero();
    const goalId = crypto.randomUUID();
    await at(
      '2026-03-01T08:00:00Z',
      'milestone.completed',
      done(hero, { milestoneId: crypto.randomUUID(), goalId }, 1, 1000),
    );
    const goal = { goalId, userId: hero, title: 'Farm' };
    const completed = await at('2026-03-01T08:00:00Z', 'goal.completed', {
      ...goal,
      foundation: null,
      xpBonus: 800,
      version: 1,
    });
    expect(await amounts(hero, completed.id)).toEqual([['goal', 500]]);
    const log = (loggedAt: string) =>
      at(loggedAt, 'progress.logged', {
        progressId: crypto.randomUUID(),
        goalId,
        userId: hero,
        value: 1,
        unit: null,
        loggedAt,
        xpBonus: 5,
      });
    await log('2026-03-01T12:00:00Z');
    expect(await xp.total(hero)).toBe(1500);
    await log('2026-03-02T12:00:00Z');
    expect(await xp.total(hero)).toBe(1505);
    await at('2026-03-02T13:00:00Z', 'goal.reopened', { ...goal, version: 2 });
    expect(await xp.total(hero)).toBe(1005);
  });

  it('dates XP by when the event happened, not when auth consumed it; redelivery changes nothing', async () => {
    const hero = await xp.newHero();
    // Today is full…
    await at('2026-03-02T08:00:00Z', 'milestone.completed', done(hero, ids(), 1, 1000));
    await at('2026-03-02T09:00:00Z', 'milestone.completed', done(hero, ids(), 1, 500));
    // …but an event from yesterday, delivered late, still has yesterday's room.
    const late = await at('2026-03-01T22:00:00Z', 'milestone.completed', done(hero, ids(), 1, 700));
    expect(await xp.total(hero)).toBe(2200);
    await xp.svc.redeliver(late);
    expect(await xp.total(hero)).toBe(2200);
  });

  it('a completion delivered after its reopening is still ignored under the ceiling', async () => {
    const hero = await xp.newHero();
    const m = ids();
    await at('2026-03-01T08:00:00Z', 'milestone.completed', done(hero, ids(), 1, 1400));
    await at('2026-03-01T09:00:01Z', 'milestone.reopened', undone(hero, m, 2));
    await at('2026-03-01T09:00:00Z', 'milestone.completed', done(hero, m, 1, 500));
    expect(await xp.total(hero)).toBe(1400);
    await at('2026-03-01T10:00:00Z', 'milestone.completed', done(hero, m, 3, 500));
    expect(await xp.total(hero)).toBe(1500);
  });

  it('a streak milestone adds its bonus once; its revocation takes exactly that back, in any order', async () => {
    const hero = await xp.newHero();
    const reached = (version: number) =>
      xp.publish('streak.milestone_reached', { userId: hero, days: 7, xpBonus: 20, version });
    const revoked = (version: number) =>
      xp.publish('streak.milestone_revoked', { userId: hero, days: 7, version });
    await reached(0);
    await reached(0);
    expect(await xp.total(hero)).toBe(20);
    await revoked(1);
    expect(await xp.total(hero)).toBe(0);
    // The reaching it followed, delivered late: the newer revocation stands.
    await reached(0);
    expect(await xp.total(hero)).toBe(0);
    await reached(2);
    expect(await xp.total(hero)).toBe(20);
    const lines = await xp.db.xpEntry.findMany({ where: { userId: hero }, orderBy: { createdAt: 'asc' } });
    expect(lines.map((l) => [l.sourceId, l.reason, l.amount])).toEqual([
      ['streak:7', 'streak_milestone', 20],
      ['streak:7', 'streak_milestone_revoked', -20],
      ['streak:7', 'streak_milestone', 20],
    ]);
  });
});
