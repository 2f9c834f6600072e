import { randomUUID } from 'node:crypto';
import type { FeedActivity, NotificationPage } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { befriend } from '../testing/befriend.ts';
import { type HeroCaller, useSocial } from '../testing/test-kit.ts';

const social = useSocial();

const page = async (hero: HeroCaller, query = '') => {
  const answer = await hero.get<NotificationPage>(`/api/notifications${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};
const kinds = async (hero: HeroCaller) => (await page(hero)).items.map((n) => n.kind);

/** Runs streak-rollover now (on social's clock), as its schedule or an admin would. */
async function rollover() {
  const { id } = await social.svc.jobs.enqueue('streak-rollover', { requestedBy: null });
  const done = await social.svc.jobs.waitFor<{ outcome: string; summary: string }>(
    'streak-rollover',
    id,
    30_000,
  );
  expect(done.state).toBe('completed');
  expect(done.result?.outcome).toBe('succeeded');
  return done.result?.summary;
}

async function heroIn(timezone: string, name: string) {
  const hero = await social.newHero(name);
  // Dated after any registration, so it is the newest profile event whatever the clock says.
  await social.publish('user.updated', { userId: hero.userId, timezone }, new Date('2100-01-01T00:00:00Z'));
  return hero;
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

describe('notifications', () => {
  it('tell of a friend request, its acceptance and a like; read one, then all', async () => {
    social.clock.reset();
    const ana = await social.newHero('Ana');
    const ben = await social.newHero('Ben');
    await befriend(ana, ben);
    expect(await kinds(ben)).toEqual(['friend_request']);
    expect(await kinds(ana)).toEqual(['friend_accepted']);
    const request = (await page(ben)).items[0]!;
    expect(request).toMatchObject({
      title: 'New friend request',
      body: 'Ana wants to be your friend.',
      link: '/social?tab=requests',
      read_at: null,
    });

    await social.publish('milestone.completed', {
      milestoneId: randomUUID(),
      goalId: randomUUID(),
      userId: ana.userId,
      title: 'Run 3K',
      goalTitle: 'Run 5K',
      xpReward: 10,
      version: 1,
    });
    const feed = (await ben.get<FeedActivity[]>('/api/social/feed')).body;
    const anasActivity = feed.find((a) => a.user.name === 'Ana' && a.type === 'milestone_reached')!;
    // Her own like tells her nothing; Ben's does, once, and taking it back takes it back.
    await ana.post(`/api/social/activities/${anasActivity.id}/like`);
    expect(await kinds(ana)).toEqual(['friend_accepted']);
    await ben.post(`/api/social/activities/${anasActivity.id}/like`);
    expect((await page(ana)).items[0]).toMatchObject({
      kind: 'like',
      body: 'Ben liked “Milestone Reached”.',
    });
    await ben.post(`/api/social/activities/${anasActivity.id}/like`);
    expect(await kinds(ana)).toEqual(['friend_accepted']);
    await ben.post(`/api/social/activities/${anasActivity.id}/like`);
    expect(await page(ana)).toMatchObject({
      unread: 2,
      items: [{ kind: 'like' }, { kind: 'friend_accepted' }],
    });

    // One read, then the rest; another hero's is not found.
    const [like] = (await page(ana)).items;
    expect((await ben.post(`/api/notifications/${like!.id}/read`)).body.code).toBe('NOTIFICATION_NOT_FOUND');
    const read = await ana.post(`/api/notifications/${like!.id}/read`);
    expect(read).toMatchObject({ status: 200, body: { id: like!.id, read_at: expect.any(String) } });
    expect((await page(ana)).unread).toBe(1);
    expect((await ana.post('/api/notifications/read-all')).body).toEqual({ unread: 0 });
    expect(await page(ana)).toMatchObject({ unread: 0, items: [{ read_at: expect.any(String) }, {}] });
  });

  it('pages back with before and limit', async () => {
    const cal = await social.newHero('Cal');
    for (let n = 0; n < 3; n++) {
      const asker = await social.newHero(`Asker ${n}`);
      await asker.post('/api/friends/request', { email: cal.email });
    }
    const first = await page(cal, '?limit=2');
    expect(first.items.map((n) => n.body)).toEqual([
      'Asker 2 wants to be your friend.',
      'Asker 1 wants to be your friend.',
    ]);
    expect(first.unread).toBe(3);
    const rest = await page(cal, `?limit=2&before=${first.items[1]!.id}`);
    expect(rest.items.map((n) => n.body)).toEqual(['Asker 0 wants to be your friend.']);
    expect((await cal.get('/api/notifications?limit=500')).status).toBe(400);
  });

  it('warns of a streak at risk in the hero’s evening, never for a day already done, once a day', async () => {
    // Day 1 and 2 done in Tokyo (UTC+9).
    const kai = await heroIn('Asia/Tokyo', 'Kai');
    const lea = await heroIn('Asia/Tokyo', 'Lea');
    for (const hero of [kai, lea]) {
      await logProgress(hero, '2026-05-01T03:00:00.000Z');
      await logProgress(hero, '2026-05-02T03:00:00.000Z');
    }
    // Lea already did 3 May.
    await logProgress(lea, '2026-05-03T01:00:00.000Z');
    // 3 May 12:00 in Tokyo: not evening yet.
    social.clock.set('2026-05-03T03:00:00.000Z');
    await rollover();
    expect(await kinds(kai)).toEqual([]);
    // 3 May 19:00 in Tokyo: Kai is warned, Lea (done today) is not.
    social.clock.set('2026-05-03T10:00:00.000Z');
    await rollover();
    await rollover();
    expect((await page(kai)).items).toMatchObject([
      { kind: 'streak_at_risk', title: 'Your streak is at risk', link: '/pathfinder' },
    ]);
    expect(await kinds(lea)).toEqual([]);
  });

  it('tells of a freeze spent on a missed day, once', async () => {
    const max = await heroIn('Europe/Berlin', 'Max');
    for (let day = 1; day <= 7; day++) await logProgress(max, `2026-06-0${day}T10:00:00.000Z`);
    // 8 June missed; 9 June early morning in Berlin.
    social.clock.set('2026-06-09T05:00:00.000Z');
    await rollover();
    await rollover();
    expect((await page(max)).items).toMatchObject([
      {
        kind: 'streak_frozen',
        body: 'You missed 2026-06-08, and a freeze kept your 7-day streak alive (0 left).',
      },
    ]);
    // The rankings follow the rollover.
    expect((await social.db.hero.findUnique({ where: { id: max.userId } }))?.streakCurrent).toBe(7);
  });

  it('reminds participants of a challenge ending within 24 hours, once', async () => {
    social.clock.reset();
    const zoe = await social.newHero('Zoe');
    const [challenge] = (await zoe.get<{ id: string; endDate: string; title: string }[]>('/api/challenges'))
      .body;
    await zoe.post(`/api/challenges/${challenge!.id}/join`);
    social.clock.set(new Date(new Date(challenge!.endDate).getTime() - 2 * 86_400_000));
    await rollover();
    expect(await kinds(zoe)).toEqual([]);
    social.clock.set(new Date(new Date(challenge!.endDate).getTime() - 3_600_000));
    await rollover();
    await rollover();
    expect((await page(zoe)).items).toMatchObject([
      { kind: 'challenge_ending', title: `“${challenge!.title}” ends within 24 hours` },
    ]);
  });

  it('turns quests’ quest.at_risk into one notification per quest and week', async () => {
    const ivy = await social.newHero('Ivy');
    const risk = {
      userId: ivy.userId,
      goalId: randomUUID(),
      title: 'Run a 5K',
      reason: 'Its next milestone “Run 3K” was due 2026-03-01.',
      week: '2026-03-02',
    };
    await social.publish('quest.at_risk', risk);
    await social.publish('quest.at_risk', risk);
    expect((await page(ivy)).items).toMatchObject([
      { kind: 'quest_at_risk', title: '“Run a 5K” is at risk', body: risk.reason, link: '/pathfinder' },
    ]);
  });
});
