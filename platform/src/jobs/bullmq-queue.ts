import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Job, Queue, Worker } from 'bullmq';
import type { ZodType } from 'zod';
import type { Logger } from '../logger.ts';
import {
  DEFAULT_JOB_QUEUE,
  type EnqueueOptions,
  invalidPayloadMessage,
  type JobQueue,
  type JobQueueDefaults,
  type JobStatus,
  type QueueStats,
  UnrecoverableJobError,
} from './ports.ts';

export interface BullMqQueueOptions extends Partial<JobQueueDefaults> {
  url: string;
  /** Redis key prefix (BullMQ's `prefix`); tests use a unique one. */
  prefix?: string;
  /**
   * BullMQ's `lockDuration`, also its `stalledInterval`: a worker renews a running job's lock every half
   * of it; a job whose worker died is handed to another once the lock has expired and a stalled check
   * ran (BullMQ's default, 30 s). JOB_LOCK_MS.
   */
  lockMs?: number;
  log?: Logger;
}

/**
 * The job queue on Redis with BullMQ: attempts with exponential backoff, bounded retention of finished
 * jobs, worker concurrency from config. Producers only open a Queue; a Worker (with its blocking
 * connection, `maxRetriesPerRequest: null` so it waits out a Redis restart) exists only where `work`
 * is called, which is how the ai-worker target alone runs story jobs.
 */
type BullMq = typeof import('bullmq');
let loadingBullMq: Promise<BullMq> | undefined;
/** BullMQ (and ioredis under it) loads when a queue is first used: the embedded mode never loads it. */
const bullMq = () => {
  loadingBullMq ??= import('bullmq');
  return loadingBullMq;
};

export class BullMqJobQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  readonly #options: BullMqQueueOptions & JobQueueDefaults & { prefix: string };
  readonly #queues = new Map<string, Queue>();
  readonly #workers: Worker[] = [];
  readonly #log: Logger | undefined;

  constructor(options: BullMqQueueOptions) {
    this.#options = { ...DEFAULT_JOB_QUEUE, prefix: 'lifequest', ...options };
    this.#log = options.log;
  }

  async enqueue<T>(queue: string, data: T, options: EnqueueOptions<T> = {}): Promise<{ id: string }> {
    if (options.schema) {
      const parsed = options.schema.safeParse(data);
      if (!parsed.success) throw new UnrecoverableJobError(invalidPayloadMessage(queue, parsed.error.issues));
    }
    const id = options.jobId ?? randomUUID();
    await (await this.#queue(queue)).add(queue, data, {
      jobId: id,
      attempts: options.attempts ?? this.#options.attempts,
      backoff: { type: 'exponential', delay: options.backoffMs ?? this.#options.backoffMs },
    });
    return { id };
  }

  async repeat<T>(queue: string, data: T, everyMs: number): Promise<void> {
    await (await this.#queue(queue)).upsertJobScheduler(
      queue,
      { every: everyMs },
      { name: queue, data, opts: { attempts: 1 } },
    );
  }

  async work<T, R>(
    queue: string,
    schema: ZodType<T>,
    handler: (data: T, job: { id: string; attempt: number }) => Promise<R>,
    options: { concurrency?: number } = {},
  ): Promise<void> {
    const { UnrecoverableError, Worker } = await bullMq();
    const worker = new Worker(
      queue,
      async (job: Job) => {
        const parsed = schema.safeParse(job.data);
        if (!parsed.success) throw new UnrecoverableError(invalidPayloadMessage(queue, parsed.error.issues));
        try {
          return await handler(parsed.data, { id: job.id!, attempt: job.attemptsStarted });
        } catch (error) {
          if (error instanceof UnrecoverableJobError) throw new UnrecoverableError(error.message);
          throw error;
        }
      },
      {
        connection: { url: this.#options.url, maxRetriesPerRequest: null },
        prefix: this.#options.prefix,
        // Recorded on every job it runs (BullMQ's `processedBy`): with workers scaled out, Redis tells which
        // process (pod name = host name) ran a job.
        name: workerName(),
        concurrency: Math.max(1, options.concurrency ?? this.#options.concurrency),
        ...(this.#options.lockMs
          ? { lockDuration: this.#options.lockMs, stalledInterval: this.#options.lockMs }
          : {}),
      },
    );
    worker.on('failed', (job, error) =>
      this.#log?.warn(
        { err: error, queue, jobId: job?.id, attempts: job?.attemptsMade },
        'job attempt failed',
      ),
    );
    worker.on('error', (error) => this.#log?.warn({ err: error, queue }, 'job worker error'));
    this.#workers.push(worker);
    await worker.waitUntilReady();
  }

  async getJob<R = unknown>(queue: string, id: string): Promise<JobStatus<R> | null> {
    // State first, then the job: a job read before it completed would show no result yet.
    const q = await this.#queue(queue);
    const state = await q.getJobState(id);
    const job = await q.getJob(id);
    if (!job || state === 'unknown') return null;
    const attemptsMade = Math.max(job.attemptsStarted ?? 0, job.attemptsMade ?? 0);
    switch (state) {
      case 'completed':
        return { id, state: 'completed', result: job.returnvalue as R, attemptsMade };
      case 'failed':
        return { id, state: 'failed', error: job.failedReason, attemptsMade };
      case 'active':
        return { id, state: 'active', attemptsMade };
      default:
        // waiting, delayed (backing off before the next try), prioritized...
        return { id, state: 'waiting', attemptsMade };
    }
  }

  async forget(queue: string, value: string): Promise<number> {
    if (!value) return 0;
    const q = await this.#queue(queue);
    const needle = value.toLowerCase();
    // Every state but active: a running job is locked by its worker (and finishes as it would).
    const jobs = await q.getJobs(['waiting', 'delayed', 'prioritized', 'completed', 'failed']);
    let removed = 0;
    for (const job of jobs) {
      if (!job?.id) continue;
      const text = JSON.stringify({
        data: job.data,
        result: job.returnvalue ?? null,
        error: job.failedReason ?? null,
      });
      if (!text.toLowerCase().includes(needle)) continue;
      // A job removed meanwhile (its retention ran out, another replica forgot it) is gone all the same.
      await q.remove(job.id).catch(() => 0);
      removed++;
    }
    return removed;
  }

  async waitFor<R = unknown>(queue: string, id: string, timeoutMs: number): Promise<JobStatus<R>> {
    const deadline = Date.now() + timeoutMs;
    let pause = 20;
    for (;;) {
      const status = await this.getJob<R>(queue, id);
      if (!status) throw new Error(`No job '${id}' in queue '${queue}'`);
      if (status.state === 'completed' || status.state === 'failed' || Date.now() >= deadline) return status;
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(pause, Math.max(0, deadline - Date.now()))),
      );
      pause = Math.min(250, pause * 2);
    }
  }

  async stats(): Promise<QueueStats[]> {
    return Promise.all(
      [...this.#queues.entries()].map(async ([queue, q]) => {
        const c = await q.getJobCounts('waiting', 'delayed', 'prioritized', 'active', 'completed', 'failed');
        return {
          queue,
          waiting: (c.waiting ?? 0) + (c.delayed ?? 0) + (c.prioritized ?? 0),
          active: c.active ?? 0,
          completed: c.completed ?? 0,
          failed: c.failed ?? 0,
        };
      }),
    );
  }

  /** Closes workers first (each finishes its running job), then the producers' connections. */
  async close(): Promise<void> {
    await Promise.allSettled(this.#workers.splice(0).map((w) => w.close()));
    await Promise.allSettled([...this.#queues.values()].map((q) => q.close()));
    this.#queues.clear();
  }

  /** Deletes the given queues and their jobs from Redis: for tests, which each use their own prefix. */
  async obliterate(queues: readonly string[]): Promise<void> {
    for (const name of queues) await (await this.#queue(name)).obliterate({ force: true });
  }

  async #queue(name: string): Promise<Queue> {
    const existing = this.#queues.get(name);
    if (existing) return existing;
    const { Queue } = await bullMq();
    let q = this.#queues.get(name);
    if (!q) {
      q = new Queue(name, {
        connection: { url: this.#options.url },
        prefix: this.#options.prefix,
        defaultJobOptions: {
          // Bounded retention: finished jobs stay visible for a while, never pile up forever.
          removeOnComplete: { count: this.#options.keepCompleted, age: 24 * 3_600 },
          removeOnFail: { count: this.#options.keepFailed, age: 7 * 24 * 3_600 },
        },
      });
      q.on('error', (error) => this.#log?.warn({ err: error, queue: name }, 'job queue connection error'));
      this.#queues.set(name, q);
    }
    return q;
  }
}

/** How a worker of this process signs the jobs it runs: `<host name>:<pid>`. */
export function workerName(): string {
  return `${hostname()}:${process.pid}`;
}
