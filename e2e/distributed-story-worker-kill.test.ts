import { type DistributedLifeQuest, HeroClient, startDistributed } from '@lifequest/app/testing';
import { describeWithInfra } from '@lifequest/platform/testing';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  answer,
  type FakeOpenAi,
  startFakeOpenAi,
} from '../services/ai/src/providers/openai/fake-openai-server.ts';

// A story worker killed mid-job: the job completes once (docs/reliability.md). Every target is its own process
// on PostgreSQL, RabbitMQ and Redis (real BullMQ). The model is a local OpenAI-compatible server the test
// scripts: the first story call is held open, so the ai-worker is certainly mid-job (its job active in
// Redis, the model asked, nothing written yet) when it is killed with SIGKILL. A new worker then takes
// the stalled job over (BullMQ's lock expires, the stalled job goes back to the queue) and writes it.
// Afterwards there is one story, written once: one row, one story.generated event, one metered usage
// (the killed call reported no tokens, so none are charged for it), and the hero sees it once.

const STORY = 'Nadia saved her first thousand dollars, one careful week at a time.';
const USAGE = { prompt_tokens: 420, completion_tokens: 80 };

await describeWithInfra('postgres', 'a story job whose worker is killed mid-job', (postgresUrl) => {
  let lq: DistributedLifeQuest;
  let model: FakeOpenAi;
  let sql: pg.Client;
  let storyCalls = 0;
  let releaseHeld: () => void = () => {};

  beforeAll(async () => {
    model = await startFakeOpenAi();
    const held = new Promise<void>((resolve) => {
      releaseHeld = resolve;
    });
    model.setDefault(() => {
      storyCalls++;
      // The first call is held until the test ends (its worker is dead by then); later ones answer.
      if (storyCalls === 1) return { kind: 'completion', content: STORY, usage: USAGE, after: held };
      return answer.completion(STORY, USAGE);
    });
    lq = await startDistributed(postgresUrl, ['auth', 'quests', 'ai', 'ai-worker'], {
      OPENAI_API_KEY: 'sk-test-not-a-real-key',
      OPENAI_BASE_URL: model.url,
      // A 5 s lock instead of BullMQ's 30 s: the same hand-over, a sixth of the wait.
      JOB_LOCK_MS: '5000',
      // The model holds the first call, so any wait ends in 'still writing': 2 s instead of 20.
      AI_STORY_WAIT_MS: '2000',
    });
    sql = new pg.Client({ connectionString: lq.database.url });
    await sql.connect();
  }, 120_000);

  afterAll(async () => {
    releaseHeld();
    await sql?.end();
    await lq?.close();
    await model?.close();
  });

  it('kills the ai-worker with SIGKILL while it writes a story; a new worker completes it exactly once', async () => {
    const hero = new HeroClient(lq.gateway.url);
    await hero.register('Nadia');
    const goal = await hero.post('/api/goals', {
      title: 'Save $1,000',
      deadline: '2030-01-01',
      milestones: ['Save $500', 'Save $1,000'],
    });
    expect(goal.status, JSON.stringify(goal.body)).toBe(201);
    for (const milestone of goal.body.milestones) {
      expect((await hero.post(`/api/milestones/${milestone.id}/toggle`)).status).toBe(200);
    }

    // The model holds the call: after its bounded wait the ai process answers 'still writing'.
    const pending = await hero.post('/api/narrative/generate', {});
    expect(pending.status, JSON.stringify(pending.body)).toBe(202);
    const jobId = pending.body.jobId as string;
    // The 202 comes after the ai process's wait, not after the worker's call: on loaded cores the worker
    // may take the job later than that. Killed only once the model holds its call, it is mid-job.
    await vi.waitFor(() => expect(storyCalls).toBe(1), { timeout: 60_000, interval: 100 });
    const before = lq.target('ai-worker');
    await before.stop('SIGKILL');
    expect(before.child.signalCode).toBe('SIGKILL');
    expect((await hero.get(`/api/narrative/jobs/${jobId}`)).status).toBe(202);

    await lq.restart('ai-worker');
    // BullMQ hands the dead worker's job on once its lock has expired (JOB_LOCK_MS) and a stalled check ran.
    const written = await vi.waitFor(
      async () => {
        const poll = await hero.get(`/api/narrative/jobs/${jobId}`);
        expect(poll.status).toBe(200);
        return poll.body.story;
      },
      { timeout: 100_000, interval: 500 },
    );
    expect(written.story).toBe(STORY);
    expect(storyCalls).toBe(2);

    // The hero sees one story; the schema holds one row, one event, one metered usage.
    expect((await hero.get('/api/narrative/history')).body).toEqual([written]);
    const rows = await sql.query(`select id, status from ai.stories`);
    expect(rows.rows).toEqual([{ id: written.id, status: 'ready' }]);
    const usage = await sql.query(
      `select count(*)::int as n, coalesce(sum(total_tokens), 0)::int as tokens
       from ai.token_usage where endpoint = 'story'`,
    );
    expect(usage.rows[0]).toEqual({ n: 1, tokens: USAGE.prompt_tokens + USAGE.completion_tokens });
    const events = await sql.query(
      `select count(*)::int as n from ai._outbox where name = 'story.generated'`,
    );
    expect(events.rows[0].n).toBe(1);
    process.stdout.write(
      `story worker kill: 1 SIGKILL mid-job, ${storyCalls} model calls, stories ${rows.rows.length}, ` +
        `metered story usages ${usage.rows[0].n} (${usage.rows[0].tokens} tokens), story.generated events ${events.rows[0].n}\n`,
    );
  }, 180_000);
});
