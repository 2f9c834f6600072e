import { AppError } from '@lifequest/platform';
import {
  EXPORT_FORMAT,
  type GoalCategory,
  type GoalDifficulty,
  type HabiticaTask,
  HabiticaUserData,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ITEMS,
  type ImportSkip,
  LifeQuestArchive,
} from '@lifequest/proto';
import { strFromU8, unzipSync } from 'fflate';
import { DEFAULT_QUEST_XP, spreadXp } from '../goals/milestone-plan.ts';

/** A quest as an import writes it, whatever file it came from. */
export interface ImportQuest {
  /** Stable across imports of one file (`lifequest:<id>`, `habitica:<id>`): the same file twice adds nothing. */
  key: string;
  /** The quest's id in the file when it was LifeQuest's own (an export re-imported into the same account). */
  sourceId: string | null;
  title: string;
  description: string | null;
  deadline: string | null;
  className: string;
  foundation: string | null;
  category: GoalCategory | null;
  difficulty: GoalDifficulty | null;
  unit: string | null;
  targetValue: number | null;
  habits: string[];
  isCompleted: boolean;
  completedAt: string | null;
  createdAt: string | null;
  milestones: {
    title: string;
    position: number;
    dueDate: string | null;
    xpReward: number;
    isCompleted: boolean;
    completedAt: string | null;
  }[];
  progress: { value: number; note: string | null; loggedAt: string }[];
}

export interface ImportPlan {
  source: 'lifequest' | 'habitica';
  quests: ImportQuest[];
  skipped: ImportSkip[];
}

// A ZIP's lifequest.json may unpack to at most this (a small ZIP must not unpack to gigabytes).
const MAX_UNZIPPED_BYTES = IMPORT_MAX_BYTES * 10;

const unreadable = (why: string) =>
  new AppError(
    'IMPORT_UNREADABLE',
    `This file is neither a LifeQuest export (ZIP or lifequest.json) nor Habitica's user data JSON: ${why}.`,
  );

/**
 * Reads an import's file into the quests it makes, or refuses it whole (docs/features/data-ownership.md#import):
 * nothing is written for a file this refuses. Pure: the request checks the file with it, the job reads it again.
 */
export function parseImportFile(bytes: Uint8Array): ImportPlan {
  if (bytes.byteLength > IMPORT_MAX_BYTES) {
    throw new AppError('IMPORT_TOO_LARGE', `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
  }
  const json = isZip(bytes) ? archiveJson(bytes) : strFromU8(bytes);
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw unreadable('it is not valid JSON');
  }
  const plan =
    typeof data === 'object' && data !== null && (data as { format?: unknown }).format === EXPORT_FORMAT
      ? fromLifeQuest(data)
      : fromHabitica(data);
  const items = plan.quests.reduce((n, q) => n + 1 + q.milestones.length + q.progress.length, 0);
  if (items > IMPORT_MAX_ITEMS) {
    throw new AppError(
      'IMPORT_TOO_MANY_ITEMS',
      `The file holds ${items} quests, milestones and progress entries; an import takes at most ${IMPORT_MAX_ITEMS}.`,
    );
  }
  return plan;
}

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function archiveJson(bytes: Uint8Array): string {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (f) => f.name === 'lifequest.json' && f.originalSize <= MAX_UNZIPPED_BYTES,
    });
  } catch {
    throw unreadable('the ZIP cannot be opened');
  }
  const json = files['lifequest.json'];
  if (!json || json.byteLength > MAX_UNZIPPED_BYTES) throw unreadable('the ZIP holds no lifequest.json');
  return strFromU8(json);
}

function issuesOf(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || 'file'}: ${i.message}`)
    .join('; ');
}

function fromLifeQuest(data: unknown): ImportPlan {
  const parsed = LifeQuestArchive.safeParse(data);
  if (!parsed.success)
    throw unreadable(`lifequest.json does not match its version 1 schema (${issuesOf(parsed.error)})`);
  return {
    source: 'lifequest',
    skipped: [],
    quests: parsed.data.quests.map((q) => ({
      key: `lifequest:${q.id}`,
      sourceId: q.id,
      title: q.title,
      description: q.description,
      deadline: q.deadline,
      className: q.class_name,
      foundation: q.foundation,
      category: q.category,
      difficulty: q.difficulty,
      unit: q.unit,
      targetValue: q.target_value,
      habits: q.habits,
      isCompleted: q.is_completed,
      completedAt: q.completed_at,
      createdAt: q.created_at,
      milestones: q.milestones.map((m) => ({
        title: m.title,
        position: m.position,
        dueDate: m.due_date,
        xpReward: m.xp_reward,
        isCompleted: m.is_completed,
        completedAt: m.completed_at,
      })),
      progress: q.progress.map((p) => ({ value: p.value, note: p.note, loggedAt: p.logged_at })),
    })),
  };
}

const day = (value: string | null | undefined): string | null => {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString().slice(0, 10);
};
const instant = (value: string | null | undefined): string | null => {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};
const clip = (text: string, max: number) => text.trim().slice(0, max);

function taskId(task: HabiticaTask, index: number, list: string): string {
  return task.id ?? task._id ?? `${list}#${index}`;
}

/** A Habitica quest: its text is the title (dailies and habits keep it as their habit too). */
function habiticaQuest(task: HabiticaTask, key: string, habit: boolean): ImportQuest {
  const checklist = habit ? [] : (task.checklist ?? []).filter((c) => c.text.trim());
  const rewards = spreadXp(DEFAULT_QUEST_XP, checklist.length);
  const completedAt = instant(task.dateCompleted) ?? null;
  const isCompleted = !habit && task.completed === true;
  return {
    key,
    sourceId: null,
    title: clip(task.text, 500) || 'Untitled',
    description: task.notes ? clip(task.notes, 5000) : null,
    deadline: habit ? null : day(task.date),
    className: 'general',
    foundation: null,
    category: habit ? 'habit' : null,
    difficulty: null,
    unit: null,
    targetValue: null,
    habits: habit ? [clip(task.text, 500)] : [],
    isCompleted,
    completedAt: isCompleted ? (completedAt ?? instant(task.createdAt)) : null,
    createdAt: instant(task.createdAt),
    milestones: checklist.map((c, position) => ({
      title: clip(c.text, 500),
      position,
      dueDate: null,
      xpReward: rewards[position] ?? 0,
      isCompleted: c.completed === true,
      // Habitica keeps no date per checklist item: the to-do's own, else when it was made.
      completedAt: c.completed === true ? (completedAt ?? instant(task.createdAt)) : null,
    })),
    progress: [],
  };
}

function fromHabitica(data: unknown): ImportPlan {
  const parsed = HabiticaUserData.safeParse(data);
  if (!parsed.success)
    throw unreadable(`it does not look like Habitica's user data (${issuesOf(parsed.error)})`);
  const { tasks, items } = parsed.data;
  const quests: ImportQuest[] = [];
  const skipped: ImportSkip[] = [];
  tasks.todos.forEach((t, i) => {
    quests.push(habiticaQuest(t, `habitica:${taskId(t, i, 'todos')}`, false));
  });
  for (const [list, all] of [
    ['dailys', tasks.dailys],
    ['habits', tasks.habits],
  ] as const) {
    all.forEach((t, i) => {
      quests.push(habiticaQuest(t, `habitica:${taskId(t, i, list)}`, true));
    });
  }
  for (const reward of tasks.rewards) {
    skipped.push({ item: `Reward "${reward.text}"`, reason: 'LifeQuest has no rewards shop' });
  }
  for (const [kind, held] of Object.entries(items ?? {})) {
    const count = held && typeof held === 'object' ? Object.keys(held).length : 0;
    if (count > 0) {
      skipped.push({
        item: `Game items: ${kind}`,
        reason: 'LifeQuest has no game items (gear, pets, mounts…)',
      });
    }
  }
  return { source: 'habitica', quests, skipped };
}
