import type { ZodType } from 'zod';

export type JobState = 'waiting' | 'active' | 'completed' | 'failed';

export interface JobStatus<R = unknown> {
  id: string;
  state: JobState;
  result?: R;
  error?: string;
  attemptsMade: number;
}

export interface EnqueueOptions {
  jobId?: string;
  attempts?: number;
  backoffMs?: number;
}

/**
 * The job queue port (Twenty's MessageQueueDriver): BullMQ on Redis when distributed, in-process when
 * embedded, with the same retry semantics.
 */
export interface JobQueue {
  readonly kind: 'bullmq' | 'in-process';
  enqueue<T>(queue: string, data: T, options?: EnqueueOptions): Promise<{ id: string }>;
  work<T, R>(
    queue: string,
    schema: ZodType<T>,
    handler: (data: T, job: { id: string; attempt: number }) => Promise<R>,
    options?: { concurrency?: number },
  ): Promise<void>;
  /** Waits up to `timeoutMs` for the job to settle and returns where it stands. */
  waitFor<R = unknown>(queue: string, id: string, timeoutMs: number): Promise<JobStatus<R>>;
  getJob<R = unknown>(queue: string, id: string): Promise<JobStatus<R> | null>;
  close(): Promise<void>;
}
