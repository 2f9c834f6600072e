import type { ZodType } from 'zod';
import type { Queryable } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { JobQueue } from './ports.ts';

/** A job's last run, as its service's `job_runs` table keeps it. */
export interface JobRunRecord {
  name: string;
  last_run_at: string | null;
  duration_ms: number | null;
  outcome: 'succeeded' | 'failed' | 'never';
  summary: string;
}

export interface ScheduledJob<T> {
  /** The job's name, also its queue's. */
  name: string;
  schema: ZodType<T>;
  /** How often the schedule ticks. */
  everyMs: number;
  /** The data of the schedule's own ticks. */
  tick: T;
  /** Does the work and says what it did in a line (the admin panel shows it). */
  run(data: T): Promise<string>;
}

/**
 * Works a scheduled job's queue and schedules its ticks. Each run, scheduled or asked for by an admin,
 * is recorded (start, duration, outcome, summary) in the service's own `job_runs` table. The run itself
 * must be idempotent over its period: ticks may come late or twice, and several workers share the queue.
 */
export async function scheduleJob<T>(
  jobs: JobQueue,
  db: Queryable,
  schema: string,
  job: ScheduledJob<T>,
  log?: Logger,
): Promise<void> {
  await jobs.work(
    job.name,
    job.schema,
    async (data) => {
      const startedAt = new Date();
      const started = performance.now();
      let outcome: 'succeeded' | 'failed' = 'succeeded';
      let summary: string;
      try {
        summary = await job.run(data);
      } catch (error) {
        outcome = 'failed';
        summary = error instanceof Error ? error.message : String(error);
        log?.error({ err: error, job: job.name }, 'scheduled job failed');
      }
      await db.query(
        `insert into "${schema}"."job_runs" (job, started_at, duration_ms, outcome, summary)
         values ($1, $2::timestamptz, $3::int, $4, $5)
         on conflict (job) do update set started_at = excluded.started_at, duration_ms = excluded.duration_ms,
           outcome = excluded.outcome, summary = excluded.summary`,
        [job.name, startedAt.toISOString(), Math.round(performance.now() - started), outcome, summary],
      );
      return { outcome, summary };
    },
    { concurrency: 1 },
  );
  await jobs.repeat(job.name, job.tick, job.everyMs);
}

/** The last run of each named job from the service's `job_runs` table ('never' when it has not run). */
export async function jobRuns(
  db: Queryable,
  schema: string,
  names: readonly string[],
): Promise<JobRunRecord[]> {
  const rows = await db.query<{
    job: string;
    started_at: Date | string;
    duration_ms: number;
    outcome: string;
    summary: string;
  }>(`select job, started_at, duration_ms, outcome, summary from "${schema}"."job_runs"`);
  return names.map((name) => {
    const row = rows.find((r) => r.job === name);
    if (!row) return { name, last_run_at: null, duration_ms: null, outcome: 'never', summary: '' };
    return {
      name,
      last_run_at: new Date(row.started_at).toISOString(),
      duration_ms: row.duration_ms,
      outcome: row.outcome === 'failed' ? 'failed' : 'succeeded',
      summary: row.summary,
    };
  });
}
