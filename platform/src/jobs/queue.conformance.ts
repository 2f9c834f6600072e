import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { waitUntil } from '../testing/wait.ts';
import type { JobQueue } from './ports.ts';

export interface QueueWorld {
  /** A queue with attempts 3 and a tiny backoff. */
  open(): Promise<JobQueue>;
  dispose(queues: readonly string[]): Promise<void>;
}

const Story = z.object({ heroId: z.string(), chapter: z.number().int() });

let n = 0;
const queueName = () => `story_${process.pid}_${++n}`;

/** The job queue conformance suite (issue "Events and jobs"), run against each JobQueue adapter. */
export function describeJobQueueConformance(name: string, makeWorld: () => Promise<QueueWorld>): void {
  describe(`${name}: job queue conformance`, () => {
    let world: QueueWorld;
    let jobs: JobQueue;
    const used: string[] = [];
    const fresh = () => {
      const q = queueName();
      used.push(q);
      return q;
    };

    beforeAll(async () => {
      world = await makeWorld();
      jobs = await world.open();
    }, 60_000);

    afterAll(async () => {
      await jobs?.close();
      await world?.dispose(used);
    });

    it('forgets the jobs whose data or result names a value: waiting and finished alike, nobody else’s', async () => {
      const queue = fresh();
      const gone = crypto.randomUUID();
      await jobs.work(queue, Story, async (data) => {
        if (data.chapter === 2) throw new Error(`no chapter 2 for ${data.heroId}`);
        return { title: `Chapter ${data.chapter} of ${data.heroId}` };
      });
      const done = await jobs.enqueue(queue, { heroId: gone, chapter: 1 });
      const failed = await jobs.enqueue(queue, { heroId: gone, chapter: 2 }, { attempts: 1 });
      const kept = await jobs.enqueue(queue, { heroId: 'someone else', chapter: 1 });
      for (const { id } of [done, failed, kept]) await jobs.waitFor(queue, id, 15_000);
      expect((await jobs.getJob(queue, failed.id))?.state).toBe('failed');

      expect(await jobs.forget(queue, gone.toUpperCase())).toBe(2);
      expect(await jobs.getJob(queue, done.id)).toBeNull();
      expect(await jobs.getJob(queue, failed.id)).toBeNull();
      expect((await jobs.getJob(queue, kept.id))?.state).toBe('completed');
      expect(await jobs.forget(queue, gone)).toBe(0);
    });

    it('ends completed when a job fails twice, then succeeds', async () => {
      const queue = fresh();
      const seen: number[] = [];
      await jobs.work(queue, Story, async (data, job) => {
        seen.push(job.attempt);
        if (job.attempt < 3) throw new Error(`flaky model, try ${job.attempt}`);
        return { title: `Chapter ${data.chapter} of ${data.heroId}` };
      });
      const { id } = await jobs.enqueue(queue, { heroId: 'h1', chapter: 2 });
      const status = await jobs.waitFor<{ title: string }>(queue, id, 15_000);
      expect(status).toEqual({
        id,
        state: 'completed',
        result: { title: 'Chapter 2 of h1' },
        attemptsMade: 3,
      });
      expect(seen).toEqual([1, 2, 3]);
    });

    it('ends failed and visible when a job always fails', async () => {
      const queue = fresh();
      let calls = 0;
      await jobs.work(queue, Story, async () => {
        calls++;
        throw new Error('the model is down');
      });
      const { id } = await jobs.enqueue(queue, { heroId: 'h2', chapter: 1 });
      const status = await jobs.waitFor(queue, id, 15_000);
      expect(status).toMatchObject({ id, state: 'failed', attemptsMade: 3, error: 'the model is down' });
      expect(calls).toBe(3);
      // Still there for an operator to see, and counted.
      expect(await jobs.getJob(queue, id)).toMatchObject({ state: 'failed', error: 'the model is down' });
      const stats = await waitUntil('the failed count', async () => {
        const s = (await jobs.stats()).find((x) => x.queue === queue);
        return s && s.failed === 1 ? s : null;
      });
      expect(stats).toMatchObject({ failed: 1, active: 0, waiting: 0 });
    });

    it('fails a job whose payload breaks the schema at once, without retries', async () => {
      const queue = fresh();
      let calls = 0;
      await jobs.work(queue, Story, async () => {
        calls++;
      });
      const { id } = await jobs.enqueue(queue, { heroId: 'h3', chapter: 'one' });
      const status = await jobs.waitFor(queue, id, 15_000);
      expect(status).toMatchObject({ state: 'failed', attemptsMade: 1 });
      expect(status.error).toMatch(/Invalid job payload for queue '.*': chapter:/);
      expect(calls).toBe(0);
    });

    it('refuses to enqueue a payload that breaks the schema given to enqueue', async () => {
      const queue = fresh();
      await expect(jobs.enqueue(queue, { heroId: 'h4' } as never, { schema: Story })).rejects.toThrow(
        /chapter/,
      );
    });

    it('runs a job enqueued before any worker, once, and keeps one job per job id', async () => {
      const queue = fresh();
      const first = await jobs.enqueue(queue, { heroId: 'h5', chapter: 1 }, { jobId: 'story-h5-1' });
      const again = await jobs.enqueue(queue, { heroId: 'h5', chapter: 1 }, { jobId: 'story-h5-1' });
      expect(again.id).toBe(first.id);
      expect(await jobs.waitFor(queue, first.id, 50)).toMatchObject({ state: 'waiting', attemptsMade: 0 });
      let calls = 0;
      await jobs.work(queue, Story, async () => {
        calls++;
        return 'done';
      });
      expect(await jobs.waitFor(queue, first.id, 15_000)).toMatchObject({
        state: 'completed',
        result: 'done',
      });
      expect(calls).toBe(1);
      expect(await jobs.getJob(queue, 'no-such-job')).toBeNull();
    });

    it('runs at most `concurrency` jobs of a queue at once', async () => {
      const queue = fresh();
      let running = 0;
      let peak = 0;
      let finished = 0;
      const releases: (() => void)[] = [];
      await jobs.work(
        queue,
        Story,
        async () => {
          running++;
          peak = Math.max(peak, running);
          await new Promise<void>((resolve) => releases.push(resolve));
          running--;
          finished++;
        },
        { concurrency: 2 },
      );
      const ids = [];
      for (let chapter = 0; chapter < 4; chapter++)
        ids.push((await jobs.enqueue(queue, { heroId: 'h6', chapter })).id);
      await waitUntil('two running jobs', () => running === 2);
      // The other two stay waiting while both slots are taken.
      expect((await jobs.getJob(queue, ids[3]!))?.state).toBe('waiting');
      // Let them go one at a time: each freed slot lets exactly one waiting job in.
      await waitUntil('every job to run', () => {
        releases.shift()?.();
        return finished === 4;
      });
      for (const id of ids) expect((await jobs.waitFor(queue, id, 15_000)).state).toBe('completed');
      expect(peak).toBe(2);
    });

    it('runs a repeated job again and again, from one schedule however often it is asked for', async () => {
      const queue = fresh();
      const seen: number[] = [];
      await jobs.work(queue, Story, async (story) => {
        seen.push(story.chapter);
      });
      await jobs.repeat(queue, { heroId: 'h7', chapter: 1 }, 40);
      await jobs.repeat(queue, { heroId: 'h7', chapter: 2 }, 40);
      // Ticks of the first schedule may have run (or be on their way) by now: count from here, with
      // one tick of slack for the one already due.
      const from = seen.length;
      await waitUntil('four ticks since', () => seen.length >= from + 4);
      // Asked again, the schedule was replaced, not doubled: every later tick carries the newer data.
      expect(seen.slice(from + 1)).toEqual(seen.slice(from + 1).map(() => 2));
    });
  });
}
