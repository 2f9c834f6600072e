import { AppError, type ServiceDirectory, UpstreamError } from '@lifequest/platform';
import { OpenQuests, ReplanSource } from '@lifequest/proto';

// The one synchronous read a re-plan makes (docs/features/replan.md): the quest as quests keeps it, over
// the platform's service-to-service HTTP with the ai service's internal identity. A re-plan must start
// from the quest's milestones as they are now (which are done, which XP they awarded), so a copy kept
// from events could be stale exactly when it matters; the hero waits for this one read.

/** One of the hero's quests; another hero's (or none) is QUEST_NOT_FOUND. */
export async function fetchQuest(
  services: ServiceDirectory,
  userId: string,
  goalId: string,
): Promise<ReplanSource> {
  try {
    const body = await services.call(
      'quests',
      'GET',
      `/internal/quests/heroes/${encodeURIComponent(userId)}/quests/${encodeURIComponent(goalId)}`,
      undefined,
      { timeoutMs: 5_000 },
    );
    return ReplanSource.parse(body);
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) {
      throw new AppError('QUEST_NOT_FOUND', 'No such quest.');
    }
    throw unavailable(error);
  }
}

/** The hero's open quests, for the chat to find the one meant. */
export async function fetchOpenQuests(services: ServiceDirectory, userId: string): Promise<ReplanSource[]> {
  try {
    const body = await services.call(
      'quests',
      'GET',
      `/internal/quests/heroes/${encodeURIComponent(userId)}/open-quests`,
      undefined,
      { timeoutMs: 5_000 },
    );
    return OpenQuests.parse(body).quests;
  } catch (error) {
    throw unavailable(error);
  }
}

function unavailable(error: unknown): AppError {
  return new AppError(
    'SERVICE_UNAVAILABLE',
    'Your quests cannot be read right now. Please try again shortly.',
    {
      cause: error,
    },
  );
}
