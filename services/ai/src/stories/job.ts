import type { EnqueueOptions } from '@lifequest/platform';
import { z } from 'zod';

export const STORY_QUEUE = 'ai-stories';

/** A story job names the story row to fill; everything else is read fresh when it runs. */
export const StoryJob = z.object({ storyId: z.uuid(), userId: z.string().min(1) });
export type StoryJob = z.infer<typeof StoryJob>;

export const STORY_JOB_ATTEMPTS = 3;

/** The job id is the story id: enqueueing the same story twice (a resumed boot) runs it once. */
export function storyJobOptions(storyId: string): EnqueueOptions<StoryJob> {
  return { jobId: storyId, attempts: STORY_JOB_ATTEMPTS, backoffMs: 2_000, schema: StoryJob };
}
