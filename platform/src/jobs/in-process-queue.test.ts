import { InProcessJobQueue } from './in-process-queue.ts';
import { describeJobQueueConformance } from './queue.conformance.ts';

describeJobQueueConformance('in-process queue', async () => ({
  open: async () => new InProcessJobQueue({ attempts: 3, backoffMs: 10 }),
  dispose: async () => {},
}));
