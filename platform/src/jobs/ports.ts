import type { ZodType } from 'zod';

export type JobState = 'waiting' | 'active' | 'completed' | 'failed';

export interface JobStatus<R = unknown> {
  id: string;
  /** 'waiting' covers a job waiting for its first try and one waiting out a backoff before the next. */
  state: JobState;
  result?: R;
  error?: string;
  /** Tries started so far (a job that failed twice, then succeeded, made 3). */
  attemptsMade: number;
}

export interface EnqueueOptions<T = unknown> {
  /** Enqueueing a job id that already exists does nothing: the existing job stands (idempotent enqueue). */
  jobId?: string;
  attempts?: number;
  /** First backoff; it doubles after each failure. */
  backoffMs?: number;
  /** Validates `data` before it is enqueued (the worker validates again with its own schema). */
  schema?: ZodType<T>;
}

export interface QueueStats {
  queue: string;
  waiting: number;
  active: number;
  completed: number;
  failed: number;
}

/** A job that must not be retried (e.g. its payload is invalid): it fails at once. */
export class UnrecoverableJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnrecoverableJobError';
  }
}

/**
 * The job queue port (Twenty's MessageQueueDriver): BullMQ on Redis when distributed, in-process when
 * embedded, with the same retry semantics: `attempts` tries with exponential backoff, then 'failed'
 * and kept (bounded) for inspection. Workers only run where `work` is called (the ai-worker target).
 */
export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  enqueue<T>(queue: string, data: T, options?: EnqueueOptions<T>): Promise<{ id: string }>;
  work<T, R>(
    queue: string,
    schema: ZodType<T>,
    handler: (data: T, job: { id: string; attempt: number }) => Promise<R>,
    options?: { concurrency?: number },
  ): Promise<void>;
  /**
   * Enqueues `data` on `queue` every `everyMs` from now on (a scheduled job): one schedule per queue,
   * however many processes ask for it (BullMQ's job scheduler, keyed by the queue's name), so with
   * several workers each tick runs once. In-process, a timer of this process. Jobs must still be
   * idempotent over a period (docs/architecture.md#jobs): a tick can be late, or an admin run it early.
   */
  repeat<T>(queue: string, data: T, everyMs: number): Promise<void>;
  /** Waits up to `timeoutMs` for the job to settle and returns where it stands. */
  waitFor<R = unknown>(queue: string, id: string, timeoutMs: number): Promise<JobStatus<R>>;
  getJob<R = unknown>(queue: string, id: string): Promise<JobStatus<R> | null>;
  /**
   * Removes every job of `queue` not running right now (waiting, retrying, finished) whose data or
   * result names `value`: a deleted hero's jobs go with them (docs/features/data-ownership.md#deletion).
   * Returns how many went.
   */
  forget(queue: string, value: string): Promise<number>;
  /** Job counts per queue this process enqueued to or works on. */
  stats(): Promise<QueueStats[]>;
  close(): Promise<void>;
}

export interface JobQueueDefaults {
  attempts: number;
  backoffMs: number;
  /** Workers per queue unless `work` says otherwise (config JOB_CONCURRENCY). */
  concurrency: number;
  /** Finished jobs kept for inspection, per queue. */
  keepCompleted: number;
  keepFailed: number;
}

export const DEFAULT_JOB_QUEUE: JobQueueDefaults = {
  attempts: 3,
  backoffMs: 1_000,
  concurrency: 2,
  keepCompleted: 1_000,
  keepFailed: 5_000,
};

export function invalidPayloadMessage(
  queue: string,
  issues: { path: PropertyKey[]; message: string }[],
): string {
  const details = issues.map((i) =>
    i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message,
  );
  return `Invalid job payload for queue '${queue}': ${details.join('; ')}`;
}
