/** Query keys are the API paths they cache, so invalidating a path refreshes exactly that call. */
export const queryKeys = {
  me: ['/api/auth/me'] as const,
  goals: ['/api/goals'] as const,
  milestones: ['/api/milestones'] as const,
  skillTree: ['/api/skill-tree'] as const,
};
