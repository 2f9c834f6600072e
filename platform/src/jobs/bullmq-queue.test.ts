import { Queue } from 'bullmq';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { describeWithInfra, uniqueName } from '../testing/infra.ts';
import { BullMqJobQueue, workerName } from './bullmq-queue.ts';
import { describeJobQueueConformance } from './queue.conformance.ts';

await describeWithInfra('redis', 'BullMQ on Redis', (url) => {
  const prefix = uniqueName('lqtest');
  describeJobQueueConformance('BullMQ queue', async () => ({
    open: async () => new BullMqJobQueue({ url, prefix, attempts: 3, backoffMs: 10 }),
    async dispose(queues) {
      const cleaner = new BullMqJobQueue({ url, prefix });
      await cleaner.obliterate(queues);
      await cleaner.close();
    },
  }));

  it('signs each job it runs with the host name and pid of the worker process', async () => {
    const jobs = new BullMqJobQueue({ url, prefix });
    const queue = uniqueName('signed');
    const redis = new Queue(queue, { connection: { url }, prefix });
    try {
      await jobs.work(queue, z.object({ n: z.number() }), async ({ n }) => n * 2);
      const { id } = await jobs.enqueue(queue, { n: 21 });
      expect(await jobs.waitFor(queue, id, 15_000)).toMatchObject({ state: 'completed', result: 42 });
      expect((await redis.getJob(id))?.processedBy).toBe(workerName());
      expect(workerName()).toMatch(new RegExp(`:${process.pid}$`));
    } finally {
      await redis.close();
      await jobs.obliterate([queue]);
      await jobs.close();
    }
  });
});
