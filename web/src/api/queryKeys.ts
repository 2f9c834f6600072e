import type { LeaderboardType } from '@lifequest/proto';

/** Query keys are the API paths they cache, so invalidating a path refreshes exactly that call. */
export const queryKeys = {
  me: ['/api/auth/me'] as const,
  goals: ['/api/goals'] as const,
  goalDetail: (goalId: string) => ['/api/goals', goalId] as const,
  milestones: ['/api/milestones'] as const,
  skillTree: ['/api/skill-tree'] as const,
  dashboard: ['/api/dashboard'] as const,
  advisorMessages: ['/api/advisor/messages'] as const,
  planDraft: ['/api/plans/draft'] as const,
  aiProvider: ['/api/ai/provider'] as const,
  storyHistory: ['/api/narrative/history'] as const,
  feed: ['/api/social/feed'] as const,
  leaderboard: (type: LeaderboardType, scope: 'global' | 'friends') =>
    ['/api/leaderboard', type, scope] as const,
  leaderboards: ['/api/leaderboard'] as const,
  friends: ['/api/friends'] as const,
  friendRequests: ['/api/friends/requests'] as const,
  blocks: ['/api/blocks'] as const,
  challenges: ['/api/challenges'] as const,
  adminUsers: ['/api/admin/users'] as const,
  tokenStats: ['/api/admin/token-stats'] as const,
  streak: ['/api/streaks/me'] as const,
  notifications: ['/api/notifications'] as const,
};

/**
 * A new or changed quest shows on the dashboard, the Pathfinder page, the skill tree and foundations:
 * every list that reads quests is refreshed.
 */
export const QUEST_LISTS = [
  queryKeys.goals,
  queryKeys.milestones,
  queryKeys.dashboard,
  queryKeys.skillTree,
] as const;
