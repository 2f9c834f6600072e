import { observedGauge } from '../http/metrics.ts';
import type { JobQueue } from './ports.ts';

const sources = new Set<JobQueue>();

/** Exports `lifequest_job_queue_depth{queue,state}` (waiting, active, failed) for the queues this process uses. */
export function registerJobMetrics(jobs: JobQueue): () => void {
  observedGauge('lifequest_job_queue_depth', 'Jobs per queue and state', ['queue', 'state'], async (g) => {
    g.reset();
    await Promise.allSettled(
      [...sources].map(async (source) => {
        for (const s of await source.stats()) {
          g.set({ queue: s.queue, state: 'waiting' }, s.waiting);
          g.set({ queue: s.queue, state: 'active' }, s.active);
          g.set({ queue: s.queue, state: 'failed' }, s.failed);
        }
      }),
    );
  });
  sources.add(jobs);
  return () => sources.delete(jobs);
}
