// The admin API (docs/product.md#admin): users overview, token and cost stats, permanent deletion.
// Field names are the product's (snake_case, as the admin panel has always read them).
import { z } from 'zod';

/** An Admin user row (docs/product.md#admin). */
export const AdminUserRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  is_onboarded: z.boolean(),
  life_level: z.number().int(),
  total_xp: z.number().int(),
  goal_count: z.number().int().min(0),
  total_tokens: z.number().int().min(0),
  /** US dollars. */
  total_cost: z.number().min(0),
  created_at: z.string(),
  is_admin: z.boolean(),
  /** Set while a deletion is under way (requested, not yet confirmed by every service). */
  deletion: z.object({ requested_at: z.string(), pending_services: z.array(z.string()) }).nullable(),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;
export const AdminUserList = z.array(AdminUserRow);

export const TOKEN_STATS_DAYS = 30;

export const DailyTokenStat = z.object({
  /** yyyy-mm-dd (UTC). */
  date: z.string(),
  endpoint: z.string(),
  request_count: z.number().int().min(0),
  total_tokens: z.number().int().min(0),
  total_cost: z.number().min(0),
});
export type DailyTokenStat = z.infer<typeof DailyTokenStat>;

/** Beyond the brief: cost by model and the heroes who spend the most, for the ops cost dashboard. */
export const ModelTokenStat = z.object({
  model: z.string(),
  request_count: z.number().int().min(0),
  total_tokens: z.number().int().min(0),
  total_cost: z.number().min(0),
});
export type ModelTokenStat = z.infer<typeof ModelTokenStat>;
export const TopSpender = z.object({
  /** null for usage of a hero who has since been deleted (kept so totals stay true). */
  user_id: z.string().nullable(),
  name: z.string(),
  request_count: z.number().int().min(0),
  total_tokens: z.number().int().min(0),
  total_cost: z.number().min(0),
});
export type TopSpender = z.infer<typeof TopSpender>;

/** Token stats (docs/product.md#admin) over the last TOKEN_STATS_DAYS days, newest day first. */
export const TokenStats = z.object({
  total_stats: z.object({
    total_cost: z.number().min(0),
    total_tokens: z.number().int().min(0),
    total_requests: z.number().int().min(0),
  }),
  daily_stats: z.array(DailyTokenStat),
  by_model: z.array(ModelTokenStat),
  top_spenders: z.array(TopSpender),
});
export type TokenStats = z.infer<typeof TokenStats>;

/** DELETE /api/admin/users/{id}: 202 while services purge; repeating it is harmless. */
export const AdminDeletion = z.object({
  id: z.string(),
  status: z.enum(['pending', 'completed']),
  pending_services: z.array(z.string()),
});
export type AdminDeletion = z.infer<typeof AdminDeletion>;

/**
 * The scheduled jobs (docs/features/daily-loop.md#jobs), each with the service that runs it: the job's
 * name is also its queue's. An admin may run one at once (POST /api/admin/jobs/{name}/run).
 */
export const SCHEDULED_JOBS = {
  'weekly-review': 'quests',
  'streak-rollover': 'social',
  'data-transfer-expiry': 'quests',
} as const;
export type ScheduledJobName = keyof typeof SCHEDULED_JOBS;
export const SCHEDULED_JOB_NAMES = Object.keys(SCHEDULED_JOBS) as ScheduledJobName[];

/** What a scheduled job's queue carries: who asked for the run (null for the schedule's own ticks). */
export const ScheduledJobData = z.object({ requestedBy: z.string().nullable().default(null) });
export type ScheduledJobData = z.infer<typeof ScheduledJobData>;

/** A job's last run, as the service that runs it records it (its internal /jobs route). */
export const JobRun = z.object({
  name: z.string(),
  last_run_at: z.string().nullable(),
  duration_ms: z.number().int().min(0).nullable(),
  /** succeeded, failed, never (not run yet) or unavailable (its service did not answer). */
  outcome: z.enum(['succeeded', 'failed', 'never', 'unavailable']),
  summary: z.string(),
});
export type JobRun = z.infer<typeof JobRun>;
export const JobRunList = z.array(JobRun);

export const JobNameParams = z.object({ name: z.string().max(64) });
export const JobRunAccepted = z.object({ name: z.string(), id: z.string() });
export type JobRunAccepted = z.infer<typeof JobRunAccepted>;
