import {
  AppError,
  type JobQueue,
  type Logger,
  type ServiceDirectory,
  UnrecoverableJobError,
} from '@lifequest/platform';
import type { HeroAchievement } from '@lifequest/proto';
import type { AiDb, AiEvents } from '../db.ts';
import type { Prisma, Story } from '../generated/prisma/client.ts';
import type { Meter } from '../metering/meter.ts';
import { narrativeTypeOf } from '../providers/offline/engine/index.ts';
import type { LlmProvider, StoryTask } from '../providers/port.ts';
import { fetchAchievements, fetchHeroName } from './achievements.ts';
import { STORY_JOB_ATTEMPTS, STORY_QUEUE, StoryJob, storyJobOptions } from './job.ts';
import { notAnAchievement, nothingToCelebrate } from './service.ts';

export interface StoryWorkerDeps {
  db: AiDb;
  events: AiEvents;
  jobs: JobQueue;
  services: ServiceDirectory;
  provider: LlmProvider;
  meter: Meter;
  log: Logger;
  concurrency: number;
  now?: () => Date;
}

/**
 * Writes stories: reads the hero's achievements from quests (only this hero's), asks the provider for
 * the prose, and fills the story row. A reason that no retry can fix (the quest is gone or not
 * completed, nothing is left to celebrate, the budget is spent) fails the story at once; anything else
 * is retried, and the last failure is recorded on the row so the waiting request can say what went
 * wrong.
 */
export async function startStoryWorker(deps: StoryWorkerDeps): Promise<void> {
  const now = deps.now ?? (() => new Date());
  await deps.jobs.work(
    STORY_QUEUE,
    StoryJob,
    async (job, { attempt }) => {
      const row = await deps.db.story.findUnique({ where: { id: job.storyId } });
      // Gone (the hero was deleted) or already done (a redelivered job): nothing to write.
      if (row?.status !== 'writing') return { storyId: job.storyId, status: row?.status ?? 'gone' };
      try {
        await writeStory(deps, row, now());
        return { storyId: row.id, status: 'ready' };
      } catch (error) {
        const final = attempt >= STORY_JOB_ATTEMPTS || error instanceof StoryRefused;
        if (!final) throw error;
        await markFailed(deps.db, row.id, error);
        if (error instanceof StoryRefused) return { storyId: row.id, status: 'failed' };
        throw new UnrecoverableJobError(error instanceof Error ? error.message : String(error), {
          cause: error,
        });
      }
    },
    { concurrency: deps.concurrency },
  );
  await resumeUnfinished(deps);
}

/** Thrown for a story that no retry can write. */
class StoryRefused extends Error {
  readonly appError: AppError;
  constructor(appError: AppError) {
    super(appError.message);
    this.appError = appError;
  }
}

async function writeStory(deps: StoryWorkerDeps, row: Story, today: Date): Promise<void> {
  const achievements = await fetchAchievements(deps.services, row.userId);
  let featured: HeroAchievement[] = achievements.goals;
  if (row.kind === 'focused') {
    featured = achievements.goals.filter((goal) => goal.id === row.achievementId);
    if (featured.length === 0)
      throw new StoryRefused(notAnAchievement(row.achievementId ?? '', achievements.openGoalIds));
  } else {
    // The hero may have taken back their one deed while the story waited in the queue.
    const refusal = nothingToCelebrate(achievements);
    if (refusal) throw new StoryRefused(refusal);
  }
  const heroName = (await fetchHeroName(deps.services, row.userId)) ?? 'the hero';
  const task: StoryTask = {
    kind: row.kind === 'focused' ? 'focused' : 'epic',
    heroName,
    achievements: featured.map((goal) => ({
      title: goal.title,
      foundation: goal.foundation,
      completedAt: goal.completedAt,
      milestones: goal.milestones,
    })),
    foundationProgress: achievements.foundationProgress,
  };
  const { story } = await deps.meter
    .metered(
      row.userId,
      'story',
      deps.provider.allowance({ kind: 'story', task }, today),
      (onUsage) => deps.provider.story(task, { today, onUsage }),
      today,
    )
    .catch((error: unknown) => {
      // The budget is spent until midnight UTC: trying again in a few seconds cannot help.
      if (error instanceof AppError && error.code === 'AI_BUDGET_EXCEEDED') throw new StoryRefused(error);
      throw error;
    });
  const narrativeType = narrativeTypeOf(task);
  const achievementsData = featured.map(({ id, title, foundation, completedAt }) => ({
    id,
    title,
    foundation,
    completedAt,
  }));
  await deps.events.transaction(async (tx, emit) => {
    const updated = await tx.story.updateMany({
      where: { id: row.id, status: 'writing' },
      data: {
        status: 'ready',
        story,
        narrativeType,
        achievementsCount: featured.length,
        foundationProgress: achievements.foundationProgress as Prisma.InputJsonValue,
        achievementsData: achievementsData as Prisma.InputJsonValue,
        completedAt: new Date(),
      },
    });
    // Purged meanwhile (the hero was deleted): no story, no event.
    if (updated.count === 0) return;
    const title =
      row.kind === 'focused' && featured[0]
        ? `The Tale of ${featured[0].title}`
        : `The Epic Journey of ${heroName}`;
    // The quest a focused story tells of, so social can keep one feed entry per quest and day and take
    // it back when the quest is deleted; an epic tells of the whole journey.
    const goalId = row.kind === 'focused' ? row.achievementId : null;
    await emit(
      'story.generated',
      { storyId: row.id, userId: row.userId, narrativeType, title, goalId },
      row.userId,
    );
  });
}

async function markFailed(db: AiDb, storyId: string, error: unknown): Promise<void> {
  const appError =
    error instanceof StoryRefused
      ? error.appError
      : error instanceof AppError
        ? error
        : new AppError('STORY_FAILED', 'The Pathfinder could not finish your story. Please try again.');
  await db.story.updateMany({
    where: { id: storyId, status: 'writing' },
    data: {
      status: 'failed',
      errorCode: appError.code,
      errorMessage: appError.message,
      completedAt: new Date(),
    },
  });
}

/**
 * Stories still marked 'writing' at boot lost their job (the in-process queue lives in memory) or are
 * queued in Redis already; enqueueing them again by id covers the first and changes nothing for the second.
 */
async function resumeUnfinished(deps: StoryWorkerDeps): Promise<void> {
  const unfinished = await deps.db.story.findMany({
    where: { status: 'writing' },
    select: { id: true, userId: true },
  });
  for (const story of unfinished) {
    await deps.jobs.enqueue(
      STORY_QUEUE,
      { storyId: story.id, userId: story.userId },
      storyJobOptions(story.id),
    );
  }
  if (unfinished.length > 0) deps.log.info({ count: unfinished.length }, 'resumed unfinished stories');
}
