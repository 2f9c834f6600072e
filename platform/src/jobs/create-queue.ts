import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { BullMqJobQueue } from './bullmq-queue.ts';
import { InProcessJobQueue } from './in-process-queue.ts';
import { registerJobMetrics } from './metrics.ts';
import type { JobQueue, JobQueueDefaults } from './ports.ts';

/** BullMQ when REDIS_URL is set, else the in-process queue; worker concurrency from JOB_CONCURRENCY. */
export function createJobQueue(
  config: Config,
  options: { log: Logger; prefix?: string } & Partial<JobQueueDefaults>,
): JobQueue {
  const { log, ...rest } = options;
  const settings = {
    concurrency: config.jobConcurrency,
    prefix: config.infraPrefix,
    ...rest,
    log: log.child({ component: 'jobs' }),
  };
  const jobs: JobQueue = config.redisUrl
    ? new BullMqJobQueue({ url: config.redisUrl, lockMs: config.jobLockMs, ...settings })
    : new InProcessJobQueue(settings);
  registerJobMetrics(jobs);
  return jobs;
}
