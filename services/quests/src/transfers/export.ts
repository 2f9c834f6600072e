import { heroRows, type Queryable, type ServiceDirectory } from '@lifequest/platform';
import {
  type ArchiveQuest,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  HeroExportSection,
  type LifeQuestArchive,
  LifeQuestArchive as LifeQuestArchiveSchema,
} from '@lifequest/proto';
import { strToU8, zipSync } from 'fflate';
import type { QuestsDb } from '../db.ts';
import { MILESTONE_ORDER } from '../goals/wire.ts';

/** The services whose rows about the hero the archive gathers over their internal export routes. */
export const EXPORT_SOURCES = ['auth', 'social', 'ai'] as const;

const day = (d: Date | null): string | null => (d ? d.toISOString().slice(0, 10) : null);
const instant = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** The hero's quests with their milestones and progress, as `lifequest.json` keeps them. */
export async function archiveQuests(db: QuestsDb, userId: string): Promise<ArchiveQuest[]> {
  const goals = await db.goal.findMany({
    where: { userId },
    include: { milestones: { orderBy: MILESTONE_ORDER }, progress: { orderBy: { loggedAt: 'asc' } } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return goals.map((g) => ({
    id: g.id,
    title: g.title,
    description: g.description,
    deadline: day(g.deadline),
    class_name: g.className,
    foundation: g.foundation,
    category: g.category as ArchiveQuest['category'],
    difficulty: g.difficulty as ArchiveQuest['difficulty'],
    unit: g.unit,
    target_value: g.targetValue,
    habits: g.habits,
    is_completed: g.isCompleted,
    completed_at: instant(g.completedAt),
    created_at: g.createdAt.toISOString(),
    milestones: g.milestones.map((m) => ({
      id: m.id,
      title: m.title,
      position: m.position,
      due_date: day(m.dueDate),
      is_completed: m.isCompleted,
      completed_at: instant(m.completedAt),
      xp_reward: m.xpReward,
    })),
    progress: g.progress.map((p) => ({
      id: p.id,
      value: p.value,
      note: p.note,
      logged_at: p.loggedAt.toISOString(),
    })),
  }));
}

/**
 * Gathers everything the hero owns into `lifequest.json`: quests from here, the rest from each service's
 * internal export route. `onProgress` hears 0–90 as the sources answer.
 */
export async function buildArchive(
  db: QuestsDb,
  raw: Queryable,
  services: ServiceDirectory,
  userId: string,
  now: Date,
  onProgress: (percent: number) => Promise<void>,
): Promise<LifeQuestArchive> {
  const quests = await archiveQuests(db, userId);
  const sections: Record<string, HeroExportSection> = {
    quests: await heroRows(raw, 'quests', QUESTS_TABLES, userId),
  };
  await onProgress(30);
  let done = 0;
  for (const source of EXPORT_SOURCES) {
    const body = await services.call(
      source,
      'GET',
      `/internal/${source}/heroes/${encodeURIComponent(userId)}/export`,
      undefined,
      { timeoutMs: 30_000 },
    );
    sections[source] = HeroExportSection.parse(body);
    done += 1;
    await onProgress(30 + Math.round((60 * done) / EXPORT_SOURCES.length));
  }
  const user = sections.auth?.users?.[0] ?? {};
  return LifeQuestArchiveSchema.parse({
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: now.toISOString(),
    hero: { id: userId, name: String(user.name ?? ''), email: String(user.email ?? '') },
    quests,
    services: sections,
  });
}

/** quests' rows about the hero beside the quests themselves (never the calendar feed's secret). */
const QUESTS_TABLES = [
  { table: 'onboardings', columns: ['user_id'] },
  { table: 'hero_zones', columns: ['user_id'] },
  { table: 'review_claims', columns: ['user_id'] },
] as const;

function csv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const cell = (v: unknown): string => {
    const s = v === null || v === undefined ? '' : Array.isArray(v) ? v.join('; ') : String(v);
    // A leading =, +, - or @ would be a formula to a spreadsheet: quoted with a ' it stays text.
    const safe = /^[=+\-@\t\r]/.test(s) && !/^-?\d/.test(s) ? `'${s}` : s;
    return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  return `${[header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** The ZIP: `lifequest.json` (everything) and the CSVs a spreadsheet opens. */
export function archiveZip(archive: LifeQuestArchive): Uint8Array {
  const ledger = archive.services.auth?.xp_ledger ?? [];
  const files = {
    'lifequest.json': strToU8(JSON.stringify(archive, null, 2)),
    'quests.csv': strToU8(
      csv(
        [
          'id',
          'title',
          'description',
          'deadline',
          'foundation',
          'category',
          'is_completed',
          'completed_at',
          'created_at',
        ],
        archive.quests.map((q) => [
          q.id,
          q.title,
          q.description,
          q.deadline,
          q.foundation,
          q.category,
          q.is_completed,
          q.completed_at,
          q.created_at,
        ]),
      ),
    ),
    'milestones.csv': strToU8(
      csv(
        [
          'id',
          'quest_id',
          'quest_title',
          'title',
          'position',
          'due_date',
          'is_completed',
          'completed_at',
          'xp_reward',
        ],
        archive.quests.flatMap((q) =>
          q.milestones.map((m) => [
            m.id,
            q.id,
            q.title,
            m.title,
            m.position,
            m.due_date,
            m.is_completed,
            m.completed_at,
            m.xp_reward,
          ]),
        ),
      ),
    ),
    'progress.csv': strToU8(
      csv(
        ['id', 'quest_id', 'quest_title', 'value', 'note', 'logged_at'],
        archive.quests.flatMap((q) =>
          q.progress.map((p) => [p.id, q.id, q.title, p.value, p.note, p.logged_at]),
        ),
      ),
    ),
    'xp.csv': strToU8(
      csv(
        ['at', 'amount', 'reason', 'quest_title', 'milestone_title'],
        ledger.map((l) => [l.created_at, l.amount, l.reason, l.quest_title, l.milestone_title]),
      ),
    ),
  };
  return zipSync(files, { level: 6 });
}
