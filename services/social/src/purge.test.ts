import type { Challenge, FeedActivity, Friend } from '@lifequest/proto';
import { expect, it } from 'vitest';
import { befriend } from './testing/befriend.ts';
import { useSocial } from './testing/test-kit.ts';

const social = useSocial();

it('user.deleted purges everything of the hero, and events about them arriving late bring nothing back', async () => {
  const gone = await social.newHero('Gone');
  const friend = await social.newHero('Stays');
  const asker = await social.newHero('Asker');
  await befriend(gone, friend);
  await asker.post('/api/friends/request', { email: gone.email });
  await gone.post('/api/friends/request', { email: 'nobody@example.com' });
  // Declined requests both ways, each holding its asker back for 7 days.
  const refuser = await social.newHero('Refuser');
  const turnedDown = await social.newHero('Turned Down');
  const refused = await gone.post('/api/friends/request', { email: refuser.email });
  await refuser.patch(`/api/friends/requests/${refused.body.requestId}`, { action: 'reject' });
  const declined = await turnedDown.post('/api/friends/request', { email: gone.email });
  await gone.patch(`/api/friends/requests/${declined.body.requestId}`, { action: 'reject' });
  expect((await gone.post('/api/friends/request', { email: refuser.email })).status).toBe(409);
  await social.setXp(gone.userId, 500);
  // Blocks both ways.
  const blocked = await social.newHero('Blocked');
  const blocker = await social.newHero('Blocker');
  expect((await gone.post('/api/blocks', { user_id: blocked.userId })).status).toBe(204);
  expect((await blocker.post('/api/blocks', { user_id: gone.userId })).status).toBe(204);
  const milestone = {
    milestoneId: crypto.randomUUID(),
    goalId: crypto.randomUUID(),
    userId: gone.userId,
    title: 'Run 3K',
    goalTitle: 'Run a 5K',
    xpReward: 30,
    version: 1,
    className: 'health',
  };
  const [health] = (await gone.get<Challenge[]>('/api/challenges')).body.filter(
    (c) => c.className === 'health',
  );
  await gone.post(`/api/challenges/${health!.id}/join`);
  await friend.post(`/api/challenges/${health!.id}/join`);
  await social.publish('milestone.completed', milestone);
  await social.publish('milestone.completed', {
    ...milestone,
    milestoneId: crypto.randomUUID(),
    userId: friend.userId,
  });
  const friendsActivity = (await friend.get<FeedActivity[]>('/api/social/feed')).body.find(
    (a) => a.user.name === 'Stays' && a.type === 'milestone_reached',
  );
  await gone.post(`/api/social/activities/${friendsActivity!.id}/like`);

  // A 7-day streak (its award), and a vacation.
  for (let n = 7; n >= 1; n--) {
    await social.publish(
      'progress.logged',
      {
        progressId: crypto.randomUUID(),
        goalId: milestone.goalId,
        userId: gone.userId,
        value: 1,
        unit: null,
        loggedAt: new Date(Date.now() - n * 86_400_000).toISOString(),
      },
      new Date(Date.now() - n * 86_400_000),
    );
  }
  const vacation = await gone.json('PUT', '/api/streaks/vacation', {
    until: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10),
  });
  expect(vacation.status).toBe(200);
  expect(await social.db.streakAward.count({ where: { userId: gone.userId } })).toBe(1);
  // Others were told of Gone's requests and like: those notifications name them.
  expect(await social.db.notification.count({ where: { subjectUserId: gone.userId } })).toBeGreaterThan(1);

  const deleted = await social.publish('user.deleted', { userId: gone.userId });
  await social.svc.redeliver(deleted);

  const userId = gone.userId;
  const db = social.db;
  expect({
    heroes: await db.hero.count({ where: { id: userId } }),
    activities: await db.activity.count({ where: { OR: [{ userId }, { subjectUserId: userId }] } }),
    likes: await db.activityLike.count({ where: { userId } }),
    friendships: await db.friendship.count({ where: { OR: [{ userId }, { friendId: userId }] } }),
    requests: await db.friendRequest.count({
      where: { OR: [{ requesterId: userId }, { addresseeId: userId }] },
    }),
    quota: await db.friendRequestQuota.count({ where: { userId } }),
    participants: await db.challengeParticipant.count({ where: { userId } }),
    steps: await db.challengeStep.count({ where: { userId } }),
    versions: await db.sourceVersion.count({ where: { userId } }),
    blocks: await db.block.count({ where: { OR: [{ userId }, { blockedId: userId }] } }),
    streakDays: await db.streakDay.count({ where: { userId } }),
    vacations: await db.streakVacation.count({ where: { userId } }),
    awards: await db.streakAward.count({ where: { userId } }),
    notifications: await db.notification.count({ where: { OR: [{ userId }, { subjectUserId: userId }] } }),
  }).toEqual({
    heroes: 0,
    activities: 0,
    likes: 0,
    friendships: 0,
    requests: 0,
    quota: 0,
    participants: 0,
    steps: 0,
    versions: 0,
    blocks: 0,
    streakDays: 0,
    vacations: 0,
    awards: 0,
    notifications: 0,
  });
  expect((await blocker.get('/api/blocks')).body).toEqual([]);
  // What others see follows: no friend, no request, one participant less, the like gone.
  expect((await friend.get<Friend[]>('/api/friends')).body).toEqual([]);
  expect((await asker.get('/api/friends/requests')).body).toEqual([]);
  const after = (await friend.get<Challenge[]>('/api/challenges')).body.find((c) => c.id === health!.id);
  expect(after).toMatchObject({ participantCount: health!.participantCount + 1, userRank: 1 });
  const feed = (await friend.get<FeedActivity[]>('/api/social/feed')).body;
  expect(feed.map((a) => [a.user.name, a.type, a.likes]).sort()).toEqual([
    ['Stays', 'challenge_joined', 0],
    ['Stays', 'milestone_reached', 0],
  ]);
  // A friend request to the deleted address finds nobody.
  expect((await friend.post('/api/friends/request', { email: gone.email })).status).toBe(404);

  // Late events about the deleted hero are ignored.
  await social.publish('milestone.completed', { ...milestone, milestoneId: crypto.randomUUID() });
  await social.setXp(userId, 900);
  expect(await db.hero.count({ where: { id: userId } })).toBe(0);
  expect(await db.activity.count({ where: { userId } })).toBe(0);

  // social confirms to the admin once (the redelivery was dropped), keeps only a hash of the id as the
  // tombstone, and none of its published events about the hero.
  await social.svc.settled();
  expect(social.svc.publishedOf('user.purged').filter((e) => e.payload.userId === userId)).toMatchObject([
    { payload: { userId, service: 'social' } },
  ]);
  const mentions = await social.svc.database.query(
    `select 'outbox' from social._outbox where strpos(envelope::text, $1) > 0
     union all select 'tombstone' from social.deleted_heroes where strpos(id_hash, $1) > 0`,
    [userId],
  );
  expect(mentions).toEqual([]);
  expect(await db.deletedHero.count()).toBeGreaterThan(0);
});
