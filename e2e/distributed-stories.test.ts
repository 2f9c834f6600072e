import {
  type DistributedLifeQuest,
  HeroClient,
  startDistributed,
  type TargetProcess,
} from '@lifequest/app/testing';
import { describeWithInfra, EVENTUALLY } from '@lifequest/platform/testing';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';

// Stories are BullMQ jobs (docs/architecture.md#jobs) on the ai-worker target, which runs and scales apart from the
// ai HTTP target. Every target here is its own process on PostgreSQL, RabbitMQ and Redis.
await describeWithInfra(
  'postgres',
  'stories on the ai-worker target, apart from the ai HTTP target',
  (postgresUrl) => {
    let lq: DistributedLifeQuest;
    let gateway: TargetProcess;

    beforeAll(async () => {
      lq = await startDistributed(postgresUrl, ['auth', 'quests', 'ai', 'ai-worker'], {
        // A story takes the worker well under a second; 5 s instead of 20 before 'still writing' keeps
        // the second case from idling a test worker.
        AI_STORY_WAIT_MS: '5000',
      });
      gateway = lq.gateway;
    }, 90_000);

    afterAll(() => lq?.close());

    /** A hero with one completed quest and one still open. */
    async function heroWithAchievement(name: string) {
      const hero = new HeroClient(gateway.url);
      await hero.register(name);
      const done = await hero.post('/api/goals', {
        title: 'Save $1,000',
        deadline: '2030-01-01',
        milestones: ['Save $500', 'Save $1,000'],
      });
      expect(done.status, JSON.stringify(done.body)).toBe(201);
      for (const milestone of done.body.milestones) {
        expect((await hero.post(`/api/milestones/${milestone.id}/toggle`)).status).toBe(200);
      }
      const open = await hero.post('/api/goals', { title: 'Read 12 books', deadline: '2030-01-01' });
      return { hero, doneId: done.body.id as string, openId: open.body.id as string };
    }

    it('writes stories in the worker process and serves them from the ai process', async () => {
      const { hero, doneId, openId } = await heroWithAchievement('Nadia');

      const epic = await hero.post('/api/narrative/generate', {});
      expect(epic.status, JSON.stringify(epic.body)).toBe(201);
      expect(epic.body.story).toMatchObject({ achievements_count: 1, narrative_type: 'foundation_progress' });
      expect(epic.body.story.story).toContain('Nadia');
      expect(epic.body.story.story).toContain('Save $1,000');

      const focused = await hero.post('/api/narrative/generate', { achievement_id: doneId });
      expect(focused.status).toBe(201);
      expect(focused.body.story).toMatchObject({
        narrative_type: 'single_achievement',
        achievements_count: 1,
      });
      expect((await hero.post('/api/narrative/generate', { achievement_id: openId })).status).toBe(400);

      const history = await hero.get('/api/narrative/history');
      expect(history.body.map((s: { id: string }) => s.id)).toEqual([
        focused.body.story.id,
        epic.body.story.id,
      ]);

      const client = new pg.Client({ connectionString: lq.database.url });
      await client.connect();
      try {
        // Metered, and announced through the outbox and RabbitMQ.
        const usage = await client.query(
          `select count(*)::int as n from ai.token_usage where endpoint = 'story'`,
        );
        expect(usage.rows[0].n).toBe(2);
        await vi.waitFor(async () => {
          const sent = await client.query(
            `select count(*)::int as n from ai._outbox where name = 'story.generated' and published_at is not null`,
          );
          expect(sent.rows[0].n).toBe(2);
        }, EVENTUALLY);
      } finally {
        await client.end();
      }
    }, 60_000);

    it('queues stories in Redis while no worker runs, and a worker that comes back writes them', async () => {
      const { hero } = await heroWithAchievement('Omar');
      await lq.stop('ai-worker');

      // The ai process alone cannot write it: after the bounded wait the answer is 'still writing'.
      const pending = await hero.post('/api/narrative/generate', {});
      expect(pending.status).toBe(202);
      expect(pending.body).toMatchObject({
        status: 'writing',
        message: 'The Pathfinder is still writing your story…',
      });
      expect((await hero.get(`/api/narrative/jobs/${pending.body.jobId}`)).status).toBe(202);

      await lq.restart('ai-worker');
      const written = await vi.waitFor(
        async () => {
          const poll = await hero.get(`/api/narrative/jobs/${pending.body.jobId}`);
          expect(poll.status).toBe(200);
          return poll.body.story;
        },
        { timeout: 30_000, interval: 250 },
      );
      expect(written.story).toContain('Omar');
      expect((await hero.get('/api/narrative/history')).body).toEqual([written]);
    }, 90_000);
  },
);
