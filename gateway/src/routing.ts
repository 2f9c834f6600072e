import type { ServiceName } from '@lifequest/platform';

/**
 * ARCHITECTURE 3: which service answers which /api prefix. More specific prefixes come first
 * (`/api/plans/confirm` is quests, `/api/plans/draft` is ai).
 */
export const ROUTES: readonly { prefix: string; service: ServiceName; admin?: boolean }[] = [
  { prefix: '/api/auth', service: 'auth' },
  { prefix: '/api/goals', service: 'quests' },
  { prefix: '/api/milestones', service: 'quests' },
  { prefix: '/api/progress', service: 'quests' },
  { prefix: '/api/dashboard', service: 'quests' },
  { prefix: '/api/plans/confirm', service: 'quests' },
  { prefix: '/api/skill-tree', service: 'quests' },
  { prefix: '/api/leaderboard', service: 'social' },
  { prefix: '/api/friends', service: 'social' },
  { prefix: '/api/social', service: 'social' },
  { prefix: '/api/challenges', service: 'social' },
  { prefix: '/api/ai', service: 'ai' },
  { prefix: '/api/advisor', service: 'ai' },
  { prefix: '/api/plans/draft', service: 'ai' },
  { prefix: '/api/narrative', service: 'ai' },
  { prefix: '/api/admin', service: 'admin', admin: true },
];

/** Headers a client must never be able to set on their way to a service. */
export function isForbiddenClientHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    lower.startsWith('x-lifequest-') ||
    lower.startsWith('x-user-') ||
    lower === 'x-admin' ||
    lower === 'authorization' ||
    lower === 'cookie'
  );
}
