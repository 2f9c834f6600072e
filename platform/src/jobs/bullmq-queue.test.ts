import { describeWithInfra, uniqueName } from '../testing/infra.ts';
import { BullMqJobQueue } from './bullmq-queue.ts';
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
});
