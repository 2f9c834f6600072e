import type { Challenge, FeedActivity, Leaderboard } from '@lifequest/proto';
import { afterEach, describe, expect, it } from 'vitest';
import { befriend } from './testing/befriend.ts';
import { type HeroCaller, useSocial } from './testing/test-kit.ts';

const social = useSocial();
afterEach(() => social.clock.reset());

const feedOf = async (hero: HeroCaller) => {
  const res = await hero.get<FeedActivity[]>('/api/social/feed?limit=50');
  expect(res.status).toBe(200);
  return res.body;
};
const descriptions = async (hero: HeroCaller) => (await feedOf(hero)).map((a) => a.description);
const friendNames = async (hero: HeroCaller) =>
  ((await hero.get<{ name: string }[]>('/api/friends')).body ?? []).map((f) => f.name);
const healthChallenge = async (hero: HeroCaller) =>
  (await hero.get<Challenge[]>('/api/challenges?active=true')).body.find((c) => c.className === 'health')!;

/** A quest of `hero`, with what quests announces about it. */
function quest(hero: HeroCaller, title = 'Run a 5K') {
  const goalId = crypto.randomUUID();
  return {
    goalId,
    milestone: (milestoneTitle: string, at?: Date) =>
      social.publish(
        'milestone.completed',
        {
          milestoneId: crypto.randomUUID(),
          goalId,
          userId: hero.userId,
          title: milestoneTitle,
          goalTitle: title,
          xpReward: 30,
          version: 1,
          className: 'health',
        },
        at,
      ),
    completed: (at?: Date) =>
      social.publish(
        'goal.completed',
        {
          goalId,
          userId: hero.userId,
          title,
          foundation: 'Health',
          className: 'health',
          xpBonus: 0,
          version: 1,
        },
        at,
      ),
    story: (at?: Date, storyTitle = `The Tale of ${title}`) =>
      social.publish(
        'story.generated',
        {
          storyId: crypto.randomUUID(),
          userId: hero.userId,
          narrativeType: 'single_achievement',
          title: storyTitle,
          goalId,
        },
        at,
      ),
    deleted: () => social.publish('goal.deleted', { goalId, userId: hero.userId }),
  };
}

describe('a deleted quest leaves the Hall', () => {
  it('takes its milestones, completion and stories out of a friend’s feed with their likes, and its challenge progress back', async () => {
    const hero = await social.newHero('Dara');
    const friend = await social.newHero('Enzo');
    await befriend(hero, friend);
    const challenge = await healthChallenge(hero);
    await hero.post(`/api/challenges/${challenge.id}/join`);

    const gone = quest(hero, 'Run a 5K');
    const kept = quest(hero, 'Swim 1K');
    await gone.milestone('Run 3K');
    await gone.completed();
    await gone.story();
    await kept.milestone('Swim 200m');
    const liked = (await feedOf(friend)).find((a) => a.description.includes('Run 3K'))!;
    expect((await friend.post(`/api/social/activities/${liked.id}/like`)).body).toMatchObject({ likes: 1 });
    expect((await healthChallenge(hero)).userProgress).toBe(3);

    await gone.deleted();
    for (const viewer of [friend, hero]) {
      const left = await descriptions(viewer);
      expect(left.filter((d) => d.includes('Run a 5K') || d.includes('Run 3K'))).toEqual([]);
      expect(left).toContain('Completed “Swim 200m” on the quest “Swim 1K”');
    }
    expect(await social.db.activityLike.count({ where: { activityId: liked.id } })).toBe(0);
    expect((await healthChallenge(hero)).userProgress).toBe(1);

    // A completion or story of it delivered late brings nothing back.
    await gone.milestone('Run 4K');
    await gone.story();
    expect((await descriptions(friend)).some((d) => d.includes('Run'))).toBe(false);
    expect((await healthChallenge(hero)).userProgress).toBe(1);
  });
});

describe('stories in the feed', () => {
  it('three stories of one quest on one day make one entry, the newest; another subject or day adds one', async () => {
    const hero = await social.newHero('Fia');
    const friend = await social.newHero('Gil');
    await befriend(hero, friend);
    const run = quest(hero, 'Run a 5K');
    const at = (hour: number, day = 10) => new Date(Date.UTC(2026, 3, day, hour));
    await run.story(at(9), 'The Tale of Run a 5K');
    const [first] = (await feedOf(friend)).filter((a) => a.type === 'achievement_unlocked');
    await friend.post(`/api/social/activities/${first!.id}/like`);
    await run.story(at(11), 'The Tale of Run a 5K, again');
    await run.story(at(10), 'An older tale, delivered late');
    const stories = () => feedOf(friend).then((f) => f.filter((a) => a.type === 'achievement_unlocked'));
    expect((await stories()).map((a) => [a.description, a.likes])).toEqual([
      ['The Pathfinder wrote “The Tale of Run a 5K, again”', 0],
    ]);

    await social.publish(
      'story.generated',
      {
        storyId: crypto.randomUUID(),
        userId: hero.userId,
        narrativeType: 'multi_foundation',
        title: 'The Epic Journey of Fia',
        goalId: null,
      },
      at(12),
    );
    await run.story(at(9, 11), 'The Tale of Run a 5K, the next day');
    expect((await stories()).map((a) => a.description)).toEqual([
      'The Pathfinder wrote “The Tale of Run a 5K, the next day”',
      'The Pathfinder wrote “The Epic Journey of Fia”',
      'The Pathfinder wrote “The Tale of Run a 5K, again”',
    ]);
  });
});

describe('DELETE /api/social/activities/{id}', () => {
  it('removes the hero’s own entry with its likes (204); another’s, even a friend’s, is not found', async () => {
    const hero = await social.newHero('Hal');
    const friend = await social.newHero('Ivy');
    await befriend(hero, friend);
    await quest(hero).milestone('Run 3K');
    const mine = (await feedOf(hero)).find((a) => a.type === 'milestone_reached')!;
    expect(mine.isOwn).toBe(true);
    const seenByFriend = (await feedOf(friend)).find((a) => a.id === mine.id)!;
    expect(seenByFriend.isOwn).toBe(false);
    await friend.post(`/api/social/activities/${mine.id}/like`);

    const refused = await friend.delete(`/api/social/activities/${mine.id}`);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ code: 'ACTIVITY_NOT_FOUND' });
    expect((await feedOf(friend)).some((a) => a.id === mine.id)).toBe(true);

    expect((await hero.delete(`/api/social/activities/${mine.id}`)).status).toBe(204);
    expect((await feedOf(friend)).some((a) => a.id === mine.id)).toBe(false);
    expect((await feedOf(hero)).some((a) => a.id === mine.id)).toBe(false);
    expect(await social.db.activityLike.count({ where: { activityId: mine.id } })).toBe(0);
    expect((await hero.delete(`/api/social/activities/${mine.id}`)).status).toBe(404);
  });
});

describe('DELETE /api/friends/{id}', () => {
  it.each(['the asker', 'the accepter'])(
    'ends a friendship from %s’s side, for both lists and feeds',
    async (side) => {
      const asker = await social.newHero('Jon');
      const accepter = await social.newHero('Kim');
      await befriend(asker, accepter);
      await quest(asker).milestone('Asker’s step');
      await quest(accepter).milestone('Accepter’s step');
      const [leaving, left] = side === 'the asker' ? [asker, accepter] : [accepter, asker];

      expect((await leaving.delete(`/api/friends/${left.userId}`)).status).toBe(204);
      expect(await friendNames(asker)).toEqual([]);
      expect(await friendNames(accepter)).toEqual([]);
      expect((await descriptions(asker)).join()).not.toContain('Accepter’s step');
      expect((await descriptions(accepter)).join()).not.toContain('Asker’s step');
      // The friendship's own news goes too.
      expect((await feedOf(accepter)).some((a) => a.type === 'friend_added')).toBe(false);

      const again = await leaving.delete(`/api/friends/${left.userId}`);
      expect(again.status).toBe(404);
      expect(again.body).toMatchObject({ code: 'FRIEND_NOT_FOUND' });
    },
  );
});

describe('blocks', () => {
  it.each(['blocker', 'blocked'])(
    'hide each from the other: feed, likes, requests (seen from the %s)',
    async (who) => {
      const blocker = await social.newHero('Lia');
      const blocked = await social.newHero('Moe');
      await befriend(blocker, blocked);
      await quest(blocker).milestone('Blocker’s step');
      await quest(blocked).milestone('Blocked’s step');
      const blockersEntry = (await feedOf(blocked)).find((a) => a.description.includes('Blocker’s step'))!;
      const blockedsEntry = (await feedOf(blocker)).find((a) => a.description.includes('Blocked’s step'))!;
      await blocked.post(`/api/social/activities/${blockersEntry.id}/like`);
      await blocker.post(`/api/social/activities/${blockedsEntry.id}/like`);

      expect((await blocker.post('/api/blocks', { user_id: blocked.userId })).status).toBe(204);
      expect((await blocker.post('/api/blocks', { user_id: blocked.userId })).status).toBe(204);
      expect(await friendNames(blocker)).toEqual([]);
      expect(await friendNames(blocked)).toEqual([]);
      const [me, other] = who === 'blocker' ? [blocker, blocked] : [blocked, blocker];
      expect((await feedOf(me)).map((a) => a.user.name)).not.toContain(other.name);
      // Each one's like on the other's entry went, and the count with it.
      expect((await feedOf(me)).filter((a) => a.type === 'milestone_reached')).toMatchObject([
        { likes: 0, hasLiked: false },
      ]);
      expect(
        (
          await me.post(
            `/api/social/activities/${(who === 'blocker' ? blockedsEntry : blockersEntry).id}/like`,
          )
        ).status,
      ).toBe(404);
      // A request either way answers as an unknown address would.
      const asked = await me.post('/api/friends/request', { email: other.email });
      expect(asked.status).toBe(404);
      expect(asked.body).toEqual({
        error: 'No hero with that e-mail',
        message: `No hero has the e-mail ${other.email}.`,
        code: 'FRIEND_NOT_FOUND',
      });

      expect((await blocker.get('/api/blocks')).body).toEqual([
        {
          id: blocked.userId,
          name: 'Moe',
          activeClassTitle: 'Pathfinder Initiate',
          blockedAt: expect.any(String),
        },
      ]);
      expect((await blocked.get('/api/blocks')).body).toEqual([]);
      // Only the blocker lifts it; the blocked hero's attempt is not found.
      const notTheirs = await blocked.delete(`/api/blocks/${blocker.userId}`);
      expect(notTheirs.status).toBe(404);
      expect(notTheirs.body).toMatchObject({ code: 'BLOCK_NOT_FOUND' });
      expect((await blocker.delete(`/api/blocks/${blocked.userId}`)).status).toBe(204);
      expect((await blocked.post('/api/friends/request', { email: blocker.email })).status).toBe(201);
    },
  );

  it('takes the notifications naming the other out of each one’s bell: likes, requests, acceptances', async () => {
    const blocker = await social.newHero('Pia');
    const blocked = await social.newHero('Quin');
    const bystander = await social.newHero('Rex');
    await befriend(blocker, blocked);
    await befriend(blocker, bystander);
    await quest(blocker).milestone('Blocker’s step');
    const entry = (await feedOf(blocked)).find((a) => a.description.includes('Blocker’s step'))!;
    await blocked.post(`/api/social/activities/${entry.id}/like`);
    await bystander.post(`/api/social/activities/${entry.id}/like`);
    const bell = async (hero: typeof blocker) =>
      ((await hero.get('/api/notifications')).body.items as { body: string }[]).map((n) => n.body);
    expect((await bell(blocker)).join()).toContain('Quin liked');
    expect((await bell(blocked)).join()).toContain('Pia');

    await blocker.post('/api/blocks', { user_id: blocked.userId });
    expect((await bell(blocker)).join()).not.toContain('Quin');
    expect((await bell(blocked)).join()).not.toContain('Pia');
    // Others' news stays.
    expect((await bell(blocker)).join()).toContain('Rex liked');
  });

  it('drops pending requests between them, and refuses oneself or an unknown hero', async () => {
    const hero = await social.newHero('Nia');
    const asker = await social.newHero('Oli');
    await asker.post('/api/friends/request', { email: hero.email });
    expect((await hero.get('/api/friends/requests')).body).toHaveLength(1);
    await hero.post('/api/blocks', { user_id: asker.userId });
    expect((await hero.get('/api/friends/requests')).body).toEqual([]);
    expect((await hero.post('/api/blocks', { user_id: hero.userId })).body).toMatchObject({
      code: 'BLOCK_SELF',
    });
    expect((await hero.post('/api/blocks', { user_id: crypto.randomUUID() })).status).toBe(404);
    expect((await hero.post('/api/blocks', { user_id: 'nope' })).body).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('hide each from the other’s rankings and challenge ranks', async () => {
    const blocker = await social.newHero('Pia');
    const blocked = await social.newHero('Quade');
    const bystander = await social.newHero('Rhea');
    await social.setXp(blocker.userId, 900_000);
    await social.setXp(blocked.userId, 1_000_000);
    await social.setXp(bystander.userId, 800_000);
    const names = async (hero: HeroCaller) =>
      (await hero.get<Leaderboard>('/api/leaderboard?type=total_xp')).body.map((e) => [e.rank, e.user.name]);
    expect((await names(blocker)).slice(0, 2)).toEqual([
      [1, 'Quade'],
      [2, 'Pia'],
    ]);
    const challenge = await healthChallenge(blocker);
    for (const hero of [blocker, blocked]) await hero.post(`/api/challenges/${challenge.id}/join`);
    await quest(blocked).milestone('Ahead');
    // Whoever else in this file joined is ahead or level; the blocked hero is one ahead.
    const rankBefore = (await healthChallenge(blocker)).userRank!;

    await blocker.post('/api/blocks', { user_id: blocked.userId });
    expect((await names(blocker)).slice(0, 2)).toEqual([
      [1, 'Pia'],
      [2, 'Rhea'],
    ]);
    expect((await names(blocked)).slice(0, 2)).toEqual([
      [1, 'Quade'],
      [2, 'Rhea'],
    ]);
    expect((await names(bystander)).slice(0, 3).map(([, name]) => name)).toEqual(['Quade', 'Pia', 'Rhea']);
    expect((await healthChallenge(blocker)).userRank).toBe(rankBefore - 1);
  });
});

describe('leaving the rankings', () => {
  it('keeps a hero off the global boards, their own included, while friends still rank them', async () => {
    const hero = await social.newHero('Sol');
    const friend = await social.newHero('Tam');
    await befriend(hero, friend);
    await social.setXp(hero.userId, 5_000_000);
    await social.setXp(friend.userId, 10);
    // Enough heroes above the friend that their own place is counted (the rank blocks), not listed.
    for (let i = 0; i < 10; i++) {
      const other = await social.newHero(`Top ${i}`);
      await social.setXp(other.userId, 2_000_000 + i);
    }
    const board = async (viewer: HeroCaller, scope: string) =>
      (await viewer.get<Leaderboard>(`/api/leaderboard?type=total_xp&scope=${scope}`)).body;
    const names = async (viewer: HeroCaller, scope: string) =>
      (await board(viewer, scope)).map((e) => e.user.name);
    const friendsPlace = async () => (await board(friend, 'global')).find((e) => e.user.name === 'Tam')!.rank;
    expect((await names(friend, 'global'))[0]).toBe('Sol');
    const placeBefore = await friendsPlace();

    await social.publish('user.updated', { userId: hero.userId, name: 'Sol', showInRankings: false });
    for (const viewer of [friend, hero]) expect(await names(viewer, 'global')).not.toContain('Sol');
    expect(await friendsPlace()).toBe(placeBefore - 1);
    expect(await names(friend, 'friends')).toEqual(['Sol', 'Tam']);
    expect(await names(hero, 'friends')).toEqual(['Sol', 'Tam']);

    await social.publish('user.updated', { userId: hero.userId, name: 'Sol', showInRankings: true });
    expect((await names(friend, 'global'))[0]).toBe('Sol');
    expect(await friendsPlace()).toBe(placeBefore);
  });
});
