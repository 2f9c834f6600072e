import type { FeedActivity } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { befriend } from '../testing/befriend.ts';
import { type HeroCaller, useSocial } from '../testing/test-kit.ts';

const social = useSocial();

const feedOf = async (hero: HeroCaller, query = '') => {
  const res = await hero.get<FeedActivity[]>(`/api/social/feed${query}`);
  expect(res.status).toBe(200);
  return res.body;
};

function milestone(
  userId: string,
  version = 1,
  ids = { milestoneId: crypto.randomUUID(), goalId: crypto.randomUUID() },
) {
  return {
    ...ids,
    userId,
    title: 'Run 3K',
    goalTitle: 'Run a 5K',
    xpReward: 30,
    version,
  };
}

describe('each activity type comes from its event, once', () => {
  it('milestone_reached from milestone.completed, with every Feed activity field', async () => {
    const hero = await social.newHero('Mira', { primaryClass: 'health' });
    const at = new Date('2026-01-05T10:00:00.000Z');
    const event = await social.publish('milestone.completed', milestone(hero.userId), at);
    await social.svc.redeliver(event);
    expect(await feedOf(hero)).toEqual([
      {
        id: expect.any(String),
        type: 'milestone_reached',
        title: 'Milestone Reached',
        description: 'Completed “Run 3K” on the quest “Run a 5K”',
        createdAt: at.toISOString(),
        likes: 0,
        hasLiked: false,
        user: { name: 'Mira', activeClassTitle: 'Vitality Warden' },
        isOwn: true,
      },
    ]);
  });

  it('goal_completed from goal.completed', async () => {
    const hero = await social.newHero('Gus');
    const event = await social.publish('goal.completed', {
      goalId: crypto.randomUUID(),
      userId: hero.userId,
      title: 'Save $500',
      foundation: 'Finance',
      xpBonus: 20,
      version: 1,
    });
    await social.svc.redeliver(event);
    expect(await feedOf(hero)).toMatchObject([
      { type: 'goal_completed', title: 'Quest Completed', description: 'Completed the quest “Save $500”' },
    ]);
  });

  it('level_up from user.leveled_up, once per level reached', async () => {
    const hero = await social.newHero('Lev');
    const levelUp = {
      userId: hero.userId,
      name: 'Lev',
      activeClassTitle: 'Pathfinder Initiate',
      fromLevel: 1,
      toLevel: 2,
      totalXP: 110,
    };
    const day = (d: number) => new Date(Date.UTC(2026, 0, d));
    const event = await social.publish('user.leveled_up', levelUp, day(1));
    await social.svc.redeliver(event);
    // Dropping back below level 2 and climbing again is no new news.
    await social.publish('user.leveled_up', levelUp, day(2));
    await social.publish('user.leveled_up', { ...levelUp, fromLevel: 2, toLevel: 3, totalXP: 300 }, day(3));
    expect((await feedOf(hero)).map((a) => [a.type, a.description])).toEqual([
      ['level_up', 'Reached level 3'],
      ['level_up', 'Reached level 2'],
    ]);
  });

  it('achievement_unlocked from story.generated', async () => {
    const hero = await social.newHero('Tess');
    const event = await social.publish('story.generated', {
      storyId: crypto.randomUUID(),
      userId: hero.userId,
      narrativeType: 'single_achievement',
      title: 'The Tale of Run a 5K',
    });
    await social.svc.redeliver(event);
    expect(await feedOf(hero)).toMatchObject([
      {
        type: 'achievement_unlocked',
        title: 'Achievement Unlocked',
        description: 'The Pathfinder wrote “The Tale of Run a 5K”',
      },
    ]);
  });

  it('friend_added when a friend request is accepted, on the accepting hero', async () => {
    const asker = await social.newHero('Ash');
    const accepter = await social.newHero('Bea');
    await befriend(asker, accepter);
    const activities = await feedOf(asker);
    expect(activities).toMatchObject([
      {
        type: 'friend_added',
        title: 'New Friend',
        description: 'Became friends with Ash',
        user: { name: 'Bea' },
      },
    ]);
    // The same entry for both; only the asker's flag says it is not theirs to remove.
    expect(activities[0]?.isOwn).toBe(false);
    expect(await feedOf(accepter)).toEqual(activities.map((a) => ({ ...a, isOwn: true })));
  });

  it('challenge_joined when a challenge is joined, once however often', async () => {
    const hero = await social.newHero('Cy');
    const [challenge] = (await hero.get('/api/challenges?active=true')).body;
    await hero.post(`/api/challenges/${challenge.id}/join`);
    await hero.post(`/api/challenges/${challenge.id}/join`);
    expect(await feedOf(hero)).toMatchObject([
      {
        type: 'challenge_joined',
        title: 'Challenge Accepted',
        description: `Joined the challenge “${challenge.title}”`,
      },
    ]);
  });
});

describe('reopening takes news back', () => {
  it('milestone.reopened retracts milestone_reached; a completion delivered after it changes nothing', async () => {
    const hero = await social.newHero('Rey');
    const ids = { milestoneId: crypto.randomUUID(), goalId: crypto.randomUUID() };
    const done = await social.publish('milestone.completed', milestone(hero.userId, 1, ids));
    await social.publish('milestone.reopened', {
      ...ids,
      userId: hero.userId,
      title: 'Run 3K',
      xpReward: 30,
      version: 2,
    });
    expect(await feedOf(hero)).toEqual([]);
    await social.publish('milestone.completed', milestone(hero.userId, 1, ids));
    await social.svc.redeliver(done);
    expect(await feedOf(hero)).toEqual([]);
    await social.publish('milestone.completed', milestone(hero.userId, 3, ids));
    expect((await feedOf(hero)).map((a) => a.type)).toEqual(['milestone_reached']);
  });

  it('goal.reopened retracts goal_completed', async () => {
    const hero = await social.newHero('Quin');
    const goalId = crypto.randomUUID();
    const base = { goalId, userId: hero.userId, title: 'Read 12 books' };
    await social.publish('goal.completed', { ...base, foundation: null, xpBonus: 0, version: 1 });
    await social.publish('goal.reopened', { ...base, version: 2 });
    expect(await feedOf(hero)).toEqual([]);
  });
});

describe('GET /api/social/feed', () => {
  it('needs the identity the gateway signs', async () => {
    for (const path of ['/api/social/feed', '/api/friends', '/api/leaderboard', '/api/challenges']) {
      const res = await social.svc.anonymous().get(path);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
  });

  it('shows the hero’s own and their friends’ activities, newest first, and no one else’s', async () => {
    const me = await social.newHero('Ida');
    const friend = await social.newHero('Jo');
    const stranger = await social.newHero('Kai');
    await befriend(me, friend);
    const t = (minute: number) => new Date(Date.UTC(2026, 1, 1, 12, minute));
    await social.publish('milestone.completed', { ...milestone(me.userId), title: 'Mine' }, t(1));
    await social.publish('milestone.completed', { ...milestone(friend.userId), title: 'Friend’s' }, t(2));
    await social.publish('milestone.completed', { ...milestone(stranger.userId), title: 'Stranger’s' }, t(3));
    const feed = await feedOf(me);
    const reached = feed.filter((a) => a.type === 'milestone_reached');
    expect(reached.map((a) => [a.user.name, a.description.split('”')[0]])).toEqual([
      ['Jo', 'Completed “Friend’s'],
      ['Ida', 'Completed “Mine'],
    ]);
    expect((await feedOf(stranger)).map((a) => a.user.name)).toEqual(['Kai']);
  });

  it('is bounded and pages back with limit and before', async () => {
    const hero = await social.newHero('Pam');
    for (let minute = 0; minute < 5; minute++) {
      await social.publish(
        'milestone.completed',
        { ...milestone(hero.userId), title: `Step ${minute}` },
        new Date(Date.UTC(2026, 2, 1, 9, minute)),
      );
    }
    const first = await feedOf(hero, '?limit=2');
    const titles = (page: FeedActivity[]) => page.map((a) => a.description.match(/Step \d/)?.[0]);
    expect(titles(first)).toEqual(['Step 4', 'Step 3']);
    const second = await feedOf(hero, `?limit=2&before=${first[1]!.id}`);
    expect(titles(second)).toEqual(['Step 2', 'Step 1']);
    const last = await feedOf(hero, `?limit=2&before=${second[1]!.id}`);
    expect(titles(last)).toEqual(['Step 0']);
    expect(await feedOf(hero)).toHaveLength(5);
  });

  it('refuses a bad limit or cursor, and a cursor the hero may not see is not found', async () => {
    const hero = await social.newHero('Val');
    const stranger = await social.newHero('Wu');
    await social.publish('milestone.completed', milestone(stranger.userId));
    const [theirs] = await feedOf(stranger);
    expect((await hero.get('/api/social/feed?limit=0')).status).toBe(400);
    expect((await hero.get('/api/social/feed?limit=51')).body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await hero.get('/api/social/feed?before=nope')).body).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    const hidden = await hero.get(`/api/social/feed?before=${theirs!.id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ code: 'ACTIVITY_NOT_FOUND', error: 'Activity not found' });
  });
});

describe('POST /api/social/activities/{id}/like', () => {
  it('toggles: a first call likes, a second takes the like back', async () => {
    const author = await social.newHero('Lux');
    const fan = await social.newHero('Max');
    await befriend(author, fan);
    await social.publish('milestone.completed', milestone(author.userId));
    const activity = (await feedOf(fan)).find((a) => a.type === 'milestone_reached')!;

    const liked = await fan.post(`/api/social/activities/${activity.id}/like`);
    expect(liked).toMatchObject({ status: 200, body: { liked: true, likes: 1 } });
    expect((await author.post(`/api/social/activities/${activity.id}/like`)).body).toEqual({
      liked: true,
      likes: 2,
    });
    const seen = (await feedOf(fan)).find((a) => a.id === activity.id);
    expect(seen).toMatchObject({ likes: 2, hasLiked: true });

    expect((await fan.post(`/api/social/activities/${activity.id}/like`)).body).toEqual({
      liked: false,
      likes: 1,
    });
    expect((await feedOf(fan)).find((a) => a.id === activity.id)).toMatchObject({
      likes: 1,
      hasLiked: false,
    });
    expect((await feedOf(author)).find((a) => a.id === activity.id)).toMatchObject({
      likes: 1,
      hasLiked: true,
    });
  });

  it('an activity of someone who is not the hero or a friend is not found (404, not 403)', async () => {
    const author = await social.newHero('Ned');
    const stranger = await social.newHero('Oz');
    await social.publish('milestone.completed', milestone(author.userId));
    const [activity] = await feedOf(author);
    const res = await stranger.post(`/api/social/activities/${activity!.id}/like`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: 'Activity not found',
      message: 'No such activity in your feed.',
      code: 'ACTIVITY_NOT_FOUND',
    });
    expect((await feedOf(author))[0]).toMatchObject({ likes: 0 });
    expect((await stranger.post(`/api/social/activities/${crypto.randomUUID()}/like`)).status).toBe(404);
    expect((await stranger.post('/api/social/activities/not-an-id/like')).body).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});
