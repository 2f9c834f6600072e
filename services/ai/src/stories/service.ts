import { randomUUID } from 'node:crypto';
import { AppError, type JobQueue, type ServiceDirectory } from '@lifequest/platform';
import {
  ERROR_CODES,
  type ErrorCode,
  type HeroAchievements,
  hasSomethingToCelebrate,
  NOTHING_TO_CELEBRATE_MESSAGE,
  STORY_WRITING_MESSAGE,
  type StoryHistoryItem,
  type StoryStillWriting,
} from '@lifequest/proto';
import type { AiDb } from '../db.ts';
import type { Meter } from '../metering/meter.ts';
import { fetchAchievements } from './achievements.ts';
import { STORY_QUEUE, type StoryJob, storyJobOptions } from './job.ts';
import { storyToWire } from './wire.ts';

export type GenerateOutcome =
  | { kind: 'written'; story: StoryHistoryItem }
  | { kind: 'writing'; pending: StoryStillWriting };

export interface StoryServiceOptions {
  /** How long POST /api/narrative/generate waits for the worker before answering 'still writing'. */
  waitMs: number;
  now?: () => Date;
}

/**
 * Achievement stories, request side. The story is written by a job on the stories queue (the
 * ai-worker target, or in-process when embedded); the request waits a bounded time for it.
 */
export class StoryService {
  readonly #db: AiDb;
  readonly #jobs: JobQueue;
  readonly #services: ServiceDirectory;
  readonly #meter: Meter;
  readonly #waitMs: number;
  readonly #now: () => Date;

  constructor(
    db: AiDb,
    jobs: JobQueue,
    services: ServiceDirectory,
    meter: Meter,
    options: StoryServiceOptions,
  ) {
    this.#db = db;
    this.#jobs = jobs;
    this.#services = services;
    this.#meter = meter;
    this.#waitMs = options.waitMs;
    this.#now = options.now ?? (() => new Date());
  }

  async history(userId: string): Promise<StoryHistoryItem[]> {
    const rows = await this.#db.story.findMany({
      where: { userId, status: 'ready' },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
    return rows.map(storyToWire);
  }

  async generate(userId: string, achievementId: string | null): Promise<GenerateOutcome> {
    await this.#meter.assertWithinBudget(userId, this.#now());
    // Checked here as well as in the worker, so a story that cannot be told is a clear 400/404 now, not
    // a failed job (nor, for a hero with nothing done, a story of nothing announced to their friends).
    const achievements = await fetchAchievements(this.#services, userId);
    const refusal =
      achievementId === null
        ? nothingToCelebrate(achievements)
        : achievements.goals.some((goal) => goal.id === achievementId)
          ? null
          : notAnAchievement(achievementId, achievements.openGoalIds);
    if (refusal) throw refusal;
    const storyId = randomUUID();
    await this.#db.story.create({
      data: { id: storyId, userId, kind: achievementId === null ? 'epic' : 'focused', achievementId },
    });
    const job: StoryJob = { storyId, userId };
    await this.#jobs.enqueue(STORY_QUEUE, job, storyJobOptions(storyId));
    await this.#jobs.waitFor(STORY_QUEUE, storyId, this.#waitMs);
    return this.outcome(userId, storyId);
  }

  /** Where one story stands: written, still being written, or failed with the reason. */
  async outcome(userId: string, storyId: string): Promise<GenerateOutcome> {
    const row = await this.#db.story.findFirst({ where: { id: storyId, userId } });
    if (!row) throw new AppError('STORY_NOT_FOUND', 'No story with that id among your chronicles.');
    if (row.status === 'ready') return { kind: 'written', story: storyToWire(row) };
    if (row.status === 'failed') {
      const code = (row.errorCode ?? 'STORY_FAILED') as ErrorCode;
      throw new AppError(code in ERROR_CODES ? code : 'STORY_FAILED', row.errorMessage ?? undefined);
    }
    return {
      kind: 'writing',
      pending: { status: 'writing', jobId: storyId, message: STORY_WRITING_MESSAGE },
    };
  }
}

/** Why the epic story cannot be told, or null: it needs a completed quest or milestone. */
export function nothingToCelebrate({ goals, completedMilestones }: HeroAchievements): AppError | null {
  // A quests older than the count does not say; the story is then told as before.
  if (completedMilestones === undefined) return null;
  return hasSomethingToCelebrate({ completedQuests: goals.length, completedMilestones })
    ? null
    : new AppError('NOTHING_TO_CELEBRATE', NOTHING_TO_CELEBRATE_MESSAGE);
}

export function notAnAchievement(achievementId: string, openGoalIds: readonly string[]): AppError {
  return openGoalIds.includes(achievementId)
    ? new AppError(
        'QUEST_NOT_COMPLETED',
        'That quest is not completed yet. Finish it, and its story will be waiting to be told.',
      )
    : new AppError('QUEST_NOT_FOUND', 'No completed quest with that id among your achievements.');
}
