import { z } from 'zod';
import { GoalCategory, GoalDifficulty } from './quests.ts';

/*
 * A hero's export and import (docs/features/data-ownership.md#export, #import): the archive's format
 * (`lifequest.json`, versioned), the jobs' answers, and Habitica's user data as far as an import reads it.
 */

export const EXPORT_FORMAT = 'lifequest-export';
export const EXPORT_VERSION = 1;
/** A download lives this long, then it is removed. */
export const EXPORT_TTL_MS = 24 * 60 * 60 * 1000;
/** An import's file: larger is 413 IMPORT_TOO_LARGE. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Quests, milestones and progress entries an import may create at most: more is 400 IMPORT_TOO_MANY_ITEMS. */
export const IMPORT_MAX_ITEMS = 5_000;

/** A service's rows about the hero, table by table (plain JSON, dates as ISO strings). */
export const HeroExportSection = z.record(z.string(), z.array(z.record(z.string(), z.unknown())));
export type HeroExportSection = z.infer<typeof HeroExportSection>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is YYYY-MM-DD');
const isoDateTime = z.iso.datetime({ offset: true });

export const ArchiveMilestone = z.object({
  id: z.string(),
  title: z.string().min(1).max(500),
  position: z.number().int().min(0),
  due_date: isoDate.nullable(),
  is_completed: z.boolean(),
  completed_at: isoDateTime.nullable(),
  xp_reward: z.number().int().min(0),
});
export type ArchiveMilestone = z.infer<typeof ArchiveMilestone>;

export const ArchiveProgress = z.object({
  id: z.string(),
  value: z.number().finite(),
  note: z.string().max(2000).nullable(),
  logged_at: isoDateTime,
});
export type ArchiveProgress = z.infer<typeof ArchiveProgress>;

export const ArchiveQuest = z.object({
  id: z.string(),
  title: z.string().min(1).max(500),
  description: z.string().max(5000).nullable(),
  deadline: isoDate.nullable(),
  class_name: z.string(),
  foundation: z.string().nullable(),
  category: GoalCategory.nullable(),
  difficulty: GoalDifficulty.nullable(),
  unit: z.string().nullable(),
  target_value: z.number().finite().nullable(),
  habits: z.array(z.string()),
  is_completed: z.boolean(),
  completed_at: isoDateTime.nullable(),
  created_at: isoDateTime,
  milestones: z.array(ArchiveMilestone),
  progress: z.array(ArchiveProgress),
});
export type ArchiveQuest = z.infer<typeof ArchiveQuest>;

/**
 * `lifequest.json`, version 1. `quests` is what an import reads back; `services` holds every other row
 * naming the hero, by service and table (profile and XP ledger in auth, friends, feed, likes, challenges,
 * streaks and notifications in social, conversations, plans, stories and usage in ai), for the hero to keep.
 */
export const LifeQuestArchive = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exported_at: isoDateTime,
  hero: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  quests: z.array(ArchiveQuest),
  services: z.record(z.string(), HeroExportSection),
});
export type LifeQuestArchive = z.infer<typeof LifeQuestArchive>;

export const TransferStatus = z.enum(['queued', 'running', 'done', 'failed']);
export type TransferStatus = z.infer<typeof TransferStatus>;

export const JobAccepted = z.object({ job_id: z.string() });
export type JobAccepted = z.infer<typeof JobAccepted>;

export const TransferParams = z.object({ jobId: z.uuid({ error: 'job_id must be a UUID' }) });
export type TransferParams = z.infer<typeof TransferParams>;

/** `GET /api/export/{job_id}`. */
export const ExportStatus = z.object({
  status: TransferStatus,
  progress: z.number().int().min(0).max(100),
  download_url: z.string().optional(),
  expires_at: z.string().optional(),
});
export type ExportStatus = z.infer<typeof ExportStatus>;

export const ImportCounts = z.object({
  quests: z.number().int(),
  milestones: z.number().int(),
  progress: z.number().int(),
});
export type ImportCounts = z.infer<typeof ImportCounts>;

export const ImportSkip = z.object({ item: z.string(), reason: z.string() });
export type ImportSkip = z.infer<typeof ImportSkip>;

/** `GET /api/import/{job_id}`. */
export const ImportStatus = z.object({
  status: TransferStatus,
  progress: z.number().int().min(0).max(100),
  created: ImportCounts,
  skipped: z.array(ImportSkip),
  error: z.string().optional(),
});
export type ImportStatus = z.infer<typeof ImportStatus>;

/** The export and import jobs' data: the transfer's row holds the rest. */
export const TransferJobData = z.object({ transferId: z.uuid(), userId: z.uuid() });
export type TransferJobData = z.infer<typeof TransferJobData>;

/** Habitica's user data JSON (its Data Export page), only what an import reads. */
const HabiticaChecklistItem = z.object({ text: z.string(), completed: z.boolean().optional() });
export const HabiticaTask = z.object({
  id: z.string().optional(),
  _id: z.string().optional(),
  type: z.string(),
  text: z.string(),
  notes: z.string().optional().nullable(),
  completed: z.boolean().optional(),
  dateCompleted: z.string().optional().nullable(),
  date: z.string().optional().nullable(),
  checklist: z.array(HabiticaChecklistItem).optional(),
  createdAt: z.string().optional(),
});
export type HabiticaTask = z.infer<typeof HabiticaTask>;
export const HabiticaUserData = z.object({
  tasks: z.object({
    todos: z.array(HabiticaTask).default([]),
    dailys: z.array(HabiticaTask).default([]),
    habits: z.array(HabiticaTask).default([]),
    rewards: z.array(HabiticaTask).default([]),
  }),
  items: z.record(z.string(), z.unknown()).optional(),
});
export type HabiticaUserData = z.infer<typeof HabiticaUserData>;
