import { type TestModules, useTestModules } from '@lifequest/platform/testing';
import type { CreatedGoal, Milestone, QuestWithMilestones } from '@lifequest/proto';
import { questsModule } from '../index.ts';

/** The quests module alone (PGlite, in-process bus) for a test file, closed after it. */
export const useQuests = (): TestModules => useTestModules([questsModule]);

/** Whoever calls quests' API as a hero: a test caller of the module, or a whole-app HeroClient. */
export interface Hero {
  get<T = any>(path: string): Promise<{ status: number; body: T }>;
  post<T = any>(path: string, body?: unknown): Promise<{ status: number; body: T }>;
}

/** Creates a quest through POST /api/goals and fails loudly if that did not work. */
export async function createGoal(hero: Hero, body: Record<string, unknown>): Promise<CreatedGoal> {
  const res = await hero.post<CreatedGoal>('/api/goals', body);
  if (res.status !== 201) throw new Error(`POST /api/goals: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Confirms a plan through POST /api/plans/confirm. */
export async function confirmPlan(hero: Hero, plan: Record<string, unknown>): Promise<QuestWithMilestones> {
  const res = await hero.post<QuestWithMilestones>('/api/plans/confirm', plan);
  if (res.status !== 201)
    throw new Error(`POST /api/plans/confirm: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function milestonesOf(hero: Hero, goalId: string): Promise<Milestone[]> {
  const res = await hero.get<Milestone[]>('/api/milestones');
  return res.body.filter((m) => m.goal_id === goalId);
}

/** A plan as the advisor proposes it (docs/product.md#pathfinder), with overrides. */
export function plan(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    goal: {
      title: 'Run 5K under 30:00',
      category: 'fitness',
      difficulty: 'medium',
      metric: { target_value: 1800, unit: 'min:s' },
    },
    milestones: [
      { label: 'Run 2K without stopping', due_date: '2099-01-10', xp_reward: 40 },
      { label: 'Run 5K', due_date: '2099-02-10', xp_reward: 60 },
    ],
    xp_policy: { total_goal_xp: 150, bonuses: { early_milestone: 10, logging_daily: 5 } },
    habits: ['Run three times a week'],
    ...overrides,
  };
}
