import type { Challenge } from '@lifequest/proto';
import { afterEach, describe, expect, it } from 'vitest';
import { type HeroCaller, useSocial } from '../testing/test-kit.ts';

const social = useSocial();
afterEach(() => social.clock.reset());

// A Wednesday: its window runs from Monday 2 March to Monday 9 March 2026, 00:00 UTC.
const WEDNESDAY = '2026-03-04T12:00:00.000Z';
const minutesLater = (minutes: number) => new Date(Date.parse(WEDNESDAY) + minutes * 60_000);

async function challenges(hero: HeroCaller, query = '?active=true'): Promise<Challenge[]> {
  const res = await hero.get<Challenge[]>(`/api/challenges${query}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function challengeOf(hero: HeroCaller, className: string): Promise<Challenge> {
  const found = (await challenges(hero)).find((c) => c.className === className);
  if (!found) throw new Error(`no active ${className} challenge`);
  return found;
}

/** A completed milestone of a quest, as quests announces it. */
function milestoneDone(
  hero: HeroCaller,
  quest: { className?: string; foundation?: string | null; goalTitle?: string },
  at: Date,
  milestoneId: string = crypto.randomUUID(),
) {
  return social.publish(
    'milestone.completed',
    {
      milestoneId,
      goalId: crypto.randomUUID(),
      userId: hero.userId,
      title: 'A step',
      goalTitle: quest.goalTitle ?? 'A quest',
      xpReward: 10,
      version: 1,
      className: quest.className,
      foundation: quest.foundation,
    },
    at,
  );
}

describe('the challenge catalogue', () => {
  it('has one active challenge per class, with every Challenge field, ending at the window’s end', async () => {
    social.clock.set(WEDNESDAY);
    const hero = await social.newHero('Ava');
    const list = await challenges(hero);
    expect(list.map((c) => c.className).sort()).toEqual([
      'education',
      'financial',
      'health',
      'social',
      'spirituality',
    ]);
    expect(list.find((c) => c.className === 'health')).toEqual({
      id: expect.any(String),
      title: 'Vitality Week',
      description: 'Complete 5 health milestones or quests before the week is out.',
      className: 'health',
      endDate: '2026-03-09T00:00:00.000Z',
      participantCount: 0,
      isParticipating: false,
      userProgress: null,
      targetValue: 5,
      userRank: null,
    });
    // Listing again makes no second set.
    expect((await challenges(hero)).map((c) => c.id)).toEqual(list.map((c) => c.id));
    expect((await challenges(hero, '')).map((c) => c.id)).toEqual(list.map((c) => c.id));
  });

  it('rolls into the next window when one ends; active=false still lists the ones just ended', async () => {
    social.clock.set(WEDNESDAY);
    const hero = await social.newHero('Bex');
    const thisWeek = await challenges(hero);
    social.clock.set('2026-03-09T00:00:00.000Z');
    const nextWeek = await challenges(hero);
    expect(nextWeek).toHaveLength(5);
    expect(nextWeek.every((c) => c.endDate === '2026-03-16T00:00:00.000Z')).toBe(true);
    expect(nextWeek.map((c) => c.id)).not.toContain(thisWeek[0]!.id);
    const withEnded = await challenges(hero, '?active=false');
    expect(withEnded.map((c) => c.id)).toEqual(
      expect.arrayContaining([...thisWeek, ...nextWeek].map((c) => c.id)),
    );
    expect((await hero.get('/api/challenges?active=maybe')).body).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('POST /api/challenges/{id}/join', () => {
  it('joins once: a second call is harmless, and challenge.joined is published once', async () => {
    social.clock.set(WEDNESDAY);
    const hero = await social.newHero('Cleo');
    const other = await social.newHero('Dax');
    const social0 = await challengeOf(hero, 'social');
    const before = social0.participantCount;
    const joined = await hero.post<Challenge>(`/api/challenges/${social0.id}/join`);
    expect(joined).toMatchObject({
      status: 200,
      body: {
        id: social0.id,
        participantCount: before + 1,
        isParticipating: true,
        userProgress: 0,
        userRank: 1,
      },
    });
    expect((await hero.post(`/api/challenges/${social0.id}/join`)).body).toEqual(joined.body);
    expect((await challengeOf(other, 'social')).participantCount).toBe(before + 1);
    expect(await challengeOf(hero, 'social')).toEqual(joined.body);
    await social.svc.settled();
    expect(social.svc.publishedOf('challenge.joined').filter((e) => e.actorId === hero.userId)).toMatchObject(
      [{ payload: { userId: hero.userId, challengeId: social0.id, challengeTitle: 'Fellowship Bonds' } }],
    );
  });

  it('an unknown or ended challenge is 404 CHALLENGE_NOT_FOUND; a malformed id is 400', async () => {
    social.clock.set(WEDNESDAY);
    const hero = await social.newHero('Eno');
    const health = await challengeOf(hero, 'health');
    const unknown = await hero.post(`/api/challenges/${crypto.randomUUID()}/join`);
    expect(unknown).toMatchObject({
      status: 404,
      body: { error: 'Challenge not found', code: 'CHALLENGE_NOT_FOUND' },
    });
    social.clock.set('2026-03-10T00:00:00.000Z');
    expect((await hero.post(`/api/challenges/${health.id}/join`)).body).toMatchObject({
      code: 'CHALLENGE_NOT_FOUND',
    });
    expect((await hero.post('/api/challenges/42/join')).body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('challenge progress from quests’ events', () => {
  it('counts milestones and quests of the challenge’s class completed after joining, once each', async () => {
    social.clock.set(WEDNESDAY);
    const hero = await social.newHero('Fin');
    const health = await challengeOf(hero, 'health');
    await milestoneDone(hero, { className: 'health' }, minutesLater(-5));
    await hero.post(`/api/challenges/${health.id}/join`);

    const first = await milestoneDone(hero, { className: 'health' }, minutesLater(1));
    await social.svc.redeliver(first);
    await milestoneDone(hero, { className: 'general', foundation: 'Finance' }, minutesLater(2));
    await milestoneDone(hero, { className: 'general', goalTitle: 'Hit the gym' }, minutesLater(3));
    const goal = await social.publish(
      'goal.completed',
      {
        goalId: crypto.randomUUID(),
        userId: hero.userId,
        title: 'Anything',
        foundation: 'Health',
        className: 'general',
        xpBonus: 0,
        version: 1,
      },
      minutesLater(4),
    );
    await social.svc.redeliver(goal);
    expect(await challengeOf(hero, 'health')).toMatchObject({ userProgress: 3, userRank: 1 });
    expect(await challengeOf(hero, 'financial')).toMatchObject({
      isParticipating: false,
      userProgress: null,
    });
  });

  it('a reopened milestone takes its step back, and a completion delivered after that changes nothing', async () => {
    social.clock.set(WEDNESDAY);
    const hero = await social.newHero('Gwen');
    const spirit = await challengeOf(hero, 'spirituality');
    await hero.post(`/api/challenges/${spirit.id}/join`);
    const milestoneId = crypto.randomUUID();
    const done = await milestoneDone(hero, { className: 'spirituality' }, minutesLater(1), milestoneId);
    expect((await challengeOf(hero, 'spirituality')).userProgress).toBe(1);
    await social.publish(
      'milestone.reopened',
      {
        milestoneId,
        goalId: done.payload.goalId,
        userId: hero.userId,
        title: 'A step',
        xpReward: 10,
        version: 2,
      },
      minutesLater(2),
    );
    await social.svc.redeliver(done);
    expect((await challengeOf(hero, 'spirituality')).userProgress).toBe(0);
  });

  it('stops at the target, and ranks by progress, then by who got there first', async () => {
    social.clock.set(WEDNESDAY);
    const [early, late, slow] = [
      await social.newHero('Early'),
      await social.newHero('Late'),
      await social.newHero('Slow'),
    ];
    const financial = await challengeOf(early!, 'financial');
    for (const hero of [late!, early!, slow!]) await hero.post(`/api/challenges/${financial.id}/join`);
    // Early reaches the target (4) at minute 14, Late at minute 20 (and keeps going); Slow has 1.
    for (let step = 0; step < 4; step++)
      await milestoneDone(early!, { className: 'financial' }, minutesLater(11 + step));
    for (let step = 0; step < 6; step++)
      await milestoneDone(late!, { className: 'financial' }, minutesLater(17 + step));
    await milestoneDone(slow!, { className: 'financial' }, minutesLater(1));

    const standing = async (hero: HeroCaller) => {
      const c = await challengeOf(hero, 'financial');
      return [c.userProgress, c.userRank, c.targetValue];
    };
    expect(await standing(early!)).toEqual([4, 1, 4]);
    expect(await standing(late!)).toEqual([4, 2, 4]);
    expect(await standing(slow!)).toEqual([1, 3, 4]);
  });

  it('a hero who joined but did nothing yet ranks after those with progress, earlier joiners first', async () => {
    social.clock.set(WEDNESDAY);
    const doer = await social.newHero('Doer');
    const first = await social.newHero('First');
    const second = await social.newHero('Second');
    const education = await challengeOf(doer, 'education');
    await doer.post(`/api/challenges/${education.id}/join`);
    await first.post(`/api/challenges/${education.id}/join`);
    social.clock.set(minutesLater(1));
    await second.post(`/api/challenges/${education.id}/join`);
    await milestoneDone(doer, { className: 'general', goalTitle: 'Read 12 books' }, minutesLater(2));
    expect((await challengeOf(doer, 'education')).userRank).toBe(1);
    expect((await challengeOf(first, 'education')).userRank).toBe(2);
    expect((await challengeOf(second, 'education')).userRank).toBe(3);
  });
});
