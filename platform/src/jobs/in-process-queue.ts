import { randomUUID } from 'node:crypto';
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

interface Job {
  id: string;
  data: unknown;
  state: JobStatus['state'];
  attempts: number;
  backoffMs: number;
  attemptsMade: number;
  result?: unknown;
  error?: string;
  timer?: NodeJS.Timeout;
}

interface Worker {
  schema: ZodType<unknown>;
  handler: (data: unknown, job: { id: string; attempt: number }) => Promise<unknown>;
  concurrency: number;
  running: number;
}

interface Queue {
  jobs: Map<string, Job>;
  ready: Job[];
  finished: { completed: string[]; failed: string[] };
  worker?: Worker;
  listeners: Set<() => void>;
}

/**
 * The job queue inside one process, with BullMQ's retry semantics: `attempts` tries with exponential
 * backoff, then 'failed' and kept for inspection (bounded). Jobs live in memory: a job not finished when
 * the embedded process stops is lost, which is why jobs carry work that can be asked for again (stories).
 */
export class InProcessJobQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  readonly #queues = new Map<string, Queue>();
  readonly #defaults: JobQueueDefaults;
  readonly #log: Logger | undefined;
  readonly #running = new Set<Promise<void>>();
  readonly #schedules = new Map<string, NodeJS.Timeout>();
  #closed = false;

  constructor(options: Partial<JobQueueDefaults> & { log?: Logger } = {}) {
    const { log, ...defaults } = options;
    this.#defaults = { ...DEFAULT_JOB_QUEUE, ...defaults };
    this.#log = log;
  }

  async enqueue<T>(queue: string, data: T, options: EnqueueOptions<T> = {}): Promise<{ id: string }> {
    if (this.#closed) throw new Error('The job queue is closed');
    if (options.schema) {
      const parsed = options.schema.safeParse(data);
      if (!parsed.success) throw new UnrecoverableJobError(invalidPayloadMessage(queue, parsed.error.issues));
    }
    const q = this.#queue(queue);
    const id = options.jobId ?? randomUUID();
    if (q.jobs.has(id)) return { id };
    const job: Job = {
      id,
      // A copy, as Redis would hold: the caller mutating its object later changes nothing.
      data: structuredClone(data),
      state: 'waiting',
      attempts: options.attempts ?? this.#defaults.attempts,
      backoffMs: options.backoffMs ?? this.#defaults.backoffMs,
      attemptsMade: 0,
    };
    q.jobs.set(id, job);
    q.ready.push(job);
    this.#pump(queue, q);
    return { id };
  }

  async repeat<T>(queue: string, data: T, everyMs: number): Promise<void> {
    clearInterval(this.#schedules.get(queue));
    let tick = 0;
    const timer = setInterval(() => {
      if (this.#closed) return;
      this.enqueue(queue, data, { jobId: `${queue}:tick:${++tick}:${randomUUID()}`, attempts: 1 }).catch(
        (error: unknown) => this.#log?.warn({ err: error, queue }, 'could not enqueue a scheduled job'),
      );
    }, everyMs);
    // A schedule never keeps the process alive on its own.
    timer.unref();
    this.#schedules.set(queue, timer);
  }

  async work<T, R>(
    queue: string,
    schema: ZodType<T>,
    handler: (data: T, job: { id: string; attempt: number }) => Promise<R>,
    options: { concurrency?: number } = {},
  ): Promise<void> {
    const q = this.#queue(queue);
    if (q.worker) throw new Error(`Queue '${queue}' already has a worker in this process`);
    q.worker = {
      schema: schema as ZodType<unknown>,
      handler: handler as Worker['handler'],
      concurrency: Math.max(1, options.concurrency ?? this.#defaults.concurrency),
      running: 0,
    };
    this.#pump(queue, q);
  }

  async getJob<R = unknown>(queue: string, id: string): Promise<JobStatus<R> | null> {
    const job = this.#queues.get(queue)?.jobs.get(id);
    return job ? status<R>(job) : null;
  }

  async waitFor<R = unknown>(queue: string, id: string, timeoutMs: number): Promise<JobStatus<R>> {
    const q = this.#queue(queue);
    const current = q.jobs.get(id);
    if (!current) throw new Error(`No job '${id}' in queue '${queue}'`);
    if (current.state === 'completed' || current.state === 'failed') return status<R>(current);
    await new Promise<void>((resolve) => {
      const listener = () => {
        const job = q.jobs.get(id);
        if (job && job.state !== 'completed' && job.state !== 'failed') return;
        done();
      };
      const timer = setTimeout(() => done(), timeoutMs);
      function done() {
        clearTimeout(timer);
        q.listeners.delete(listener);
        resolve();
      }
      q.listeners.add(listener);
    });
    // The same object, even if retention dropped it from the queue meanwhile.
    return status<R>(current);
  }

  async stats(): Promise<QueueStats[]> {
    return [...this.#queues.entries()].map(([queue, q]) => {
      const counts = { waiting: 0, active: 0, completed: 0, failed: 0 };
      for (const job of q.jobs.values()) counts[job.state]++;
      return { queue, ...counts };
    });
  }

  async forget(queue: string, value: string): Promise<number> {
    const q = this.#queues.get(queue);
    if (!q || !value) return 0;
    const needle = value.toLowerCase();
    let removed = 0;
    for (const job of [...q.jobs.values()]) {
      if (job.state === 'active') continue;
      const text = JSON.stringify({ data: job.data, result: job.result ?? null }).toLowerCase();
      if (!text.includes(needle)) continue;
      clearTimeout(job.timer);
      q.jobs.delete(job.id);
      q.ready = q.ready.filter((ready) => ready.id !== job.id);
      q.finished.completed = q.finished.completed.filter((id) => id !== job.id);
      q.finished.failed = q.finished.failed.filter((id) => id !== job.id);
      removed++;
    }
    return removed;
  }

  /** Stops starting jobs and waits for the running ones; jobs still waiting are dropped. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const timer of this.#schedules.values()) clearInterval(timer);
    this.#schedules.clear();
    for (const q of this.#queues.values()) {
      for (const job of q.jobs.values()) clearTimeout(job.timer);
      q.ready.length = 0;
    }
    await Promise.allSettled([...this.#running]);
  }

  #queue(name: string): Queue {
    let q = this.#queues.get(name);
    if (!q) {
      q = { jobs: new Map(), ready: [], finished: { completed: [], failed: [] }, listeners: new Set() };
      this.#queues.set(name, q);
    }
    return q;
  }

  #pump(name: string, q: Queue): void {
    const worker = q.worker;
    if (!worker) return;
    while (!this.#closed && worker.running < worker.concurrency && q.ready.length > 0) {
      const job = q.ready.shift()!;
      worker.running++;
      const run = this.#run(name, q, worker, job).finally(() => {
        worker.running--;
        this.#running.delete(run);
        for (const listener of [...q.listeners]) listener();
        this.#pump(name, q);
      });
      this.#running.add(run);
    }
  }

  async #run(name: string, q: Queue, worker: Worker, job: Job): Promise<void> {
    job.state = 'active';
    job.attemptsMade++;
    try {
      const parsed = worker.schema.safeParse(job.data);
      if (!parsed.success) throw new UnrecoverableJobError(invalidPayloadMessage(name, parsed.error.issues));
      job.result = await worker.handler(parsed.data, { id: job.id, attempt: job.attemptsMade });
      job.error = undefined;
      this.#finish(q, job, 'completed');
    } catch (error) {
      job.error = error instanceof Error ? error.message : String(error);
      const retry =
        job.attemptsMade < job.attempts && !(error instanceof UnrecoverableJobError) && !this.#closed;
      if (!retry) {
        this.#log?.error(
          { err: error, queue: name, jobId: job.id, attempts: job.attemptsMade },
          'job failed',
        );
        this.#finish(q, job, 'failed');
        return;
      }
      const delay = job.backoffMs * 2 ** (job.attemptsMade - 1);
      this.#log?.warn(
        { err: error, queue: name, jobId: job.id, attempt: job.attemptsMade, delay },
        'job retrying',
      );
      job.state = 'waiting';
      job.timer = setTimeout(() => {
        job.timer = undefined;
        q.ready.push(job);
        this.#pump(name, q);
      }, delay);
    }
  }

  /** Keeps finished jobs for inspection, dropping the oldest beyond the configured counts. */
  #finish(q: Queue, job: Job, state: 'completed' | 'failed'): void {
    job.state = state;
    const kept = q.finished[state];
    kept.push(job.id);
    const limit = state === 'completed' ? this.#defaults.keepCompleted : this.#defaults.keepFailed;
    while (kept.length > limit) q.jobs.delete(kept.shift()!);
  }
}

function status<R>(job: Job): JobStatus<R> {
  return {
    id: job.id,
    state: job.state,
    ...(job.state === 'completed' ? { result: job.result as R } : {}),
    ...(job.state === 'failed' && job.error !== undefined ? { error: job.error } : {}),
    attemptsMade: job.attemptsMade,
  };
}
