import { randomUUID } from 'node:crypto';
import type { JobQueue, Logger } from '@lifequest/platform';
import {
  EXPORT_TTL_MS,
  type ImportCounts,
  type ImportSkip,
  type ImportStatus,
  TransferJobData,
  type TransferStatus,
} from '@lifequest/proto';
import type { QuestsDb } from '../db.ts';
import { type ImportQuest, parseImportFile } from './import-parse.ts';
import { transferNotFound } from './service.ts';

export const IMPORT_QUEUE = 'data-import';

interface ImportResult {
  created: ImportCounts;
  skipped: ImportSkip[];
  error?: string;
}

const NONE: ImportCounts = { quests: 0, milestones: 0, progress: 0 };
const date = (value: string | null) => (value ? new Date(value) : null);

/**
 * Imports (docs/features/data-ownership.md#import): the request checks the file whole (a refused file
 * writes nothing) and keeps it in a row; the job writes its quests, milestones and progress entries
 * straight into quests' tables in one transaction, publishing no event: imported completions are
 * history, not achievements (no XP, no feed activity, no streak day). Each quest remembers the file's
 * item it came from (`confirmation_key` `import:<source>:<id>`), so the same file twice adds nothing.
 */
export class ImportService {
  readonly #db: QuestsDb;
  readonly #jobs: JobQueue;
  readonly #now: () => Date;
  readonly #log: Logger | undefined;

  constructor(db: QuestsDb, jobs: JobQueue, now: () => Date, log?: Logger) {
    this.#db = db;
    this.#jobs = jobs;
    this.#now = now;
    this.#log = log;
  }

  async start(userId: string, file: Uint8Array): Promise<{ job_id: string }> {
    parseImportFile(file);
    const id = randomUUID();
    await this.#db.dataTransfer.create({
      data: {
        id,
        userId,
        kind: 'import',
        file: Buffer.from(file),
        expiresAt: new Date(this.#now().getTime() + EXPORT_TTL_MS),
      },
    });
    await this.#jobs.enqueue(
      IMPORT_QUEUE,
      { transferId: id, userId },
      { jobId: id, schema: TransferJobData },
    );
    return { job_id: id };
  }

  async status(userId: string, id: string): Promise<ImportStatus> {
    const row = await this.#db.dataTransfer.findFirst({
      where: { id, userId, kind: 'import', expiresAt: { gt: this.#now() } },
    });
    if (!row) throw transferNotFound();
    const result = (row.result ?? { created: NONE, skipped: [] }) as unknown as ImportResult;
    return {
      status: row.status as TransferStatus,
      progress: row.progress,
      created: result.created,
      skipped: result.skipped,
      ...(result.error ? { error: result.error } : {}),
    };
  }

  /** The job. All or nothing; a retry after a crash finds the quests it wrote and skips them. */
  async run({ transferId, userId }: TransferJobData): Promise<void> {
    const row = await this.#db.dataTransfer.findFirst({ where: { id: transferId, userId, kind: 'import' } });
    if (!row?.file || row.status === 'done') return;
    await this.#db.dataTransfer.update({
      where: { id: transferId },
      data: { status: 'running', progress: 10 },
    });
    let result: ImportResult;
    try {
      const plan = parseImportFile(row.file);
      result = await this.#db.$transaction(async (tx) => {
        const created = { ...NONE };
        const skipped = [...plan.skipped];
        for (const quest of plan.quests) {
          const why = await alreadyThere(tx, userId, quest);
          if (why) {
            skipped.push({ item: `Quest "${quest.title}"`, reason: why });
            continue;
          }
          await writeQuest(tx, userId, quest);
          created.quests += 1;
          created.milestones += quest.milestones.length;
          created.progress += quest.progress.length;
        }
        return { created, skipped };
      });
    } catch (error) {
      this.#log?.warn({ err: error, transferId }, 'import failed');
      const message = error instanceof Error && 'code' in error ? error.message : 'The import failed.';
      result = { created: NONE, skipped: [], error: message };
    }
    // The file is not kept once read: the result is what the hero sees.
    await this.#db.dataTransfer.update({
      where: { id: transferId },
      data: {
        status: result.error ? 'failed' : 'done',
        progress: 100,
        file: null,
        result: result as object,
      },
    });
  }
}

type Tx = Parameters<Parameters<QuestsDb['$transaction']>[0]>[0];

async function alreadyThere(tx: Tx, userId: string, quest: ImportQuest): Promise<string | null> {
  const key = `import:${quest.key}`;
  if (await tx.goal.findFirst({ where: { userId, confirmationKey: key }, select: { id: true } })) {
    return 'already imported';
  }
  if (quest.sourceId) {
    const own = await tx.goal.findFirst({ where: { userId, id: quest.sourceId }, select: { id: true } });
    if (own) return 'already one of your quests';
  }
  return null;
}

async function writeQuest(tx: Tx, userId: string, quest: ImportQuest): Promise<void> {
  const goalId = randomUUID();
  const total = quest.milestones.reduce((sum, m) => sum + m.xpReward, 0);
  await tx.goal.create({
    data: {
      id: goalId,
      userId,
      title: quest.title,
      description: quest.description,
      deadline: date(quest.deadline),
      className: quest.className,
      foundation: quest.foundation,
      category: quest.category,
      difficulty: quest.difficulty,
      unit: quest.unit,
      targetValue: quest.targetValue,
      habits: quest.habits,
      isCompleted: quest.isCompleted,
      completedAt: date(quest.completedAt),
      totalXp: total,
      source: 'import',
      confirmationKey: `import:${quest.key}`,
      ...(quest.createdAt ? { createdAt: new Date(quest.createdAt) } : {}),
    },
  });
  if (quest.milestones.length > 0) {
    await tx.milestone.createMany({
      // xpAwarded stays 0: a done milestone imported earned nothing here, so reopening it takes nothing.
      data: quest.milestones.map((m) => ({
        goalId,
        userId,
        title: m.title,
        position: m.position,
        dueDate: date(m.dueDate),
        xpReward: m.xpReward,
        isCompleted: m.isCompleted,
        completedAt: m.isCompleted ? date(m.completedAt) : null,
      })),
    });
  }
  if (quest.progress.length > 0) {
    await tx.progressEntry.createMany({
      data: quest.progress.map((p) => ({
        goalId,
        userId,
        value: p.value,
        note: p.note,
        loggedAt: new Date(p.loggedAt),
      })),
    });
  }
}
