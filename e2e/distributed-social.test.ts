import { type DistributedLifeQuest, HeroClient, startDistributed } from '@lifequest/app/testing';
import { describeWithInfra } from '@lifequest/platform/testing';
import type { Challenge, FeedActivity, Leaderboard } from '@lifequest/proto';
import { afterAll, beforeAll, expect, it } from 'vitest';

// The Fellowship Hall in the distributed mode: gateway, auth, quests and social each their own process
// on PostgreSQL, RabbitMQ and Redis. social learns everything from events: heroes from auth's user.*,
// deeds from quests' milestone.* and goal.*, totals from auth's user.xp_changed.
await describeWithInfra('postgres', 'the Fellowship Hall across processes', (postgresUrl) => {
  let lq: DistributedLifeQuest;

  beforeAll(async () => {
    lq = await startDistributed(postgresUrl, ['auth', 'quests', 'social']);
  }, 90_000);

  afterAll(() => lq?.close());

  async function onboardedHero(name: string) {
    const hero = new HeroClient(lq.gateway.url);
    const { email, user } = await hero.register(name);
    const res = await hero.post('/api/auth/complete-onboarding', {
      displayName: name,
      primaryClass: 'health',
      firstGoal: {
        title: 'Run a 5K',
        className: 'health',
        milestones: [
          { title: 'Run 1K', completed: false },
          { title: 'Run 3K', completed: false },
          { title: 'Run 5K', completed: false },
        ],
      },
    });
    expect(res.status).toBe(200);
    return { hero, email: email as string, id: user.id as string };
  }

  const poll = { timeout: 20_000, interval: 200 };

  it('two heroes befriend; one completes a milestone; the other sees and likes it; rankings and a challenge move', async () => {
    const nadia = await onboardedHero('Nadia');
    const omar = await onboardedHero('Omar');

    // Both are on the rankings once social has followed auth's events.
    await expect
      .poll(
        async () => (await nadia.hero.get<Leaderboard>('/api/leaderboard')).body.map((e) => e.user.name),
        poll,
      )
      .toEqual(expect.arrayContaining(['Nadia', 'Omar']));

    const sent = await nadia.hero.post('/api/friends/request', { email: omar.email });
    expect(sent).toMatchObject({ status: 201, body: { status: 'pending' } });
    const requests = await omar.hero.get('/api/friends/requests');
    expect(requests.body).toMatchObject([{ id: sent.body.requestId, requester: { name: 'Nadia' } }]);
    const accepted = await omar.hero.patch(`/api/friends/requests/${sent.body.requestId}`, {
      action: 'accept',
    });
    expect(accepted.body).toEqual({ status: 'accepted' });
    expect((await nadia.hero.get('/api/friends')).body).toMatchObject([{ id: omar.id, name: 'Omar' }]);
    expect((await omar.hero.get('/api/friends')).body).toMatchObject([{ id: nadia.id, name: 'Nadia' }]);

    const health = (await nadia.hero.get<Challenge[]>('/api/challenges?active=true')).body.find(
      (c) => c.className === 'health',
    );
    const joined = await nadia.hero.post<Challenge>(`/api/challenges/${health!.id}/join`);
    expect(joined.body).toMatchObject({ isParticipating: true, userProgress: 0, userRank: 1 });

    const [milestone] = (await nadia.hero.get('/api/milestones')).body as { id: string }[];
    const toggled = await nadia.hero.post(`/api/milestones/${milestone!.id}/toggle`);
    expect(toggled.status).toBe(200);

    // quests → RabbitMQ → social: Omar sees Nadia's milestone in his feed, and likes it.
    let reached: FeedActivity | undefined;
    await expect
      .poll(async () => {
        const feed = (await omar.hero.get<FeedActivity[]>('/api/social/feed')).body;
        reached = feed.find((a) => a.type === 'milestone_reached');
        return reached;
      }, poll)
      .toMatchObject({
        description: 'Completed “Run 1K” on the quest “Run a 5K”',
        user: { name: 'Nadia', activeClassTitle: 'Vitality Warden' },
        likes: 0,
        hasLiked: false,
      });
    const liked = await omar.hero.post(`/api/social/activities/${reached!.id}/like`);
    expect(liked.body).toEqual({ liked: true, likes: 1 });
    const nadiasView = (await nadia.hero.get<FeedActivity[]>('/api/social/feed')).body;
    expect(nadiasView.find((a) => a.id === reached!.id)).toMatchObject({ likes: 1, hasLiked: false });

    // quests → auth's ledger → user.xp_changed → social's rankings.
    await expect
      .poll(async () => {
        const board = (await omar.hero.get<Leaderboard>('/api/leaderboard?type=total_xp&scope=friends')).body;
        return board.map((e) => [e.rank, e.user.name, e.value]);
      }, poll)
      .toEqual([
        [1, 'Nadia', 33],
        [2, 'Omar', 0],
      ]);

    // The health challenge Nadia joined counted the milestone.
    await expect
      .poll(async () => {
        const list = (await nadia.hero.get<Challenge[]>('/api/challenges?active=true')).body;
        return list.find((c) => c.id === health!.id);
      }, poll)
      .toMatchObject({ isParticipating: true, userProgress: 1, userRank: 1 });
  }, 90_000);
});
