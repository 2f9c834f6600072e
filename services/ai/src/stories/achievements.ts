import { AppError, type ServiceDirectory } from '@lifequest/platform';
import { HeroAchievements, User } from '@lifequest/proto';
import { z } from 'zod';

/**
 * What a story is written from: the hero's completed quests and mastery, read from quests. A failure
 * there is the hero's 503, not quests' internal answer passed through.
 */
export async function fetchAchievements(
  services: ServiceDirectory,
  userId: string,
): Promise<HeroAchievements> {
  try {
    const body = await services.call(
      'quests',
      'GET',
      `/internal/quests/heroes/${encodeURIComponent(userId)}/achievements`,
    );
    return HeroAchievements.parse(body);
  } catch (error) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'Your quests cannot be read right now. Please try again shortly.',
      {
        cause: error,
      },
    );
  }
}

const UserEnvelope = z.object({ user: User.pick({ name: true }) });

/** The hero's name for the story; a story is still worth telling if auth cannot say it right now. */
export async function fetchHeroName(services: ServiceDirectory, userId: string): Promise<string | null> {
  if (!services.url('auth')) return null;
  try {
    const body = await services.call(
      'auth',
      'GET',
      `/internal/auth/users/${encodeURIComponent(userId)}`,
      undefined,
      {
        timeoutMs: 5_000,
      },
    );
    return UserEnvelope.parse(body).user.name;
  } catch {
    return null;
  }
}
