import { HeroClient, startLifeQuest, type TestLifeQuest } from '@lifequest/platform/testing';
import type { CreatedGoal, Milestone, QuestWithMilestones } from '@lifequest/proto';
import { afterAll, beforeAll } from 'vitest';

/** One embedded LifeQuest (PGlite, in-process bus) for a test file, closed after it. */
export function useLifeQuest(): { readonly url: string; readonly app: TestLifeQuest } {
  let app: TestLifeQuest | undefined;
  beforeAll(async () => {
    app = await startLifeQuest();
  });
  afterAll(() => app?.close());
  return {
    get url() {
      if (!app) throw new Error('LifeQuest has not started');
      return app.url;
    },
    get app() {
      if (!app) throw new Error('LifeQuest has not started');
      return app;
    },
  };
}

/** A newly registered hero, signed in. */
export async function newHero(url: string, name = 'Aria'): Promise<HeroClient> {
  const hero = new HeroClient(url);
  await hero.register(name);
  return hero;
}

/** Creates a quest through POST /api/goals and fails loudly if that did not work. */
export async function createGoal(hero: HeroClient, body: Record<string, unknown>): Promise<CreatedGoal> {
  const res = await hero.post<CreatedGoal>('/api/goals', body);
  if (res.status !== 201) throw new Error(`POST /api/goals: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Confirms a plan through POST /api/plans/confirm. */
export async function confirmPlan(
  hero: HeroClient,
  plan: Record<string, unknown>,
): Promise<QuestWithMilestones> {
  const res = await hero.post<QuestWithMilestones>('/api/plans/confirm', plan);
  if (res.status !== 201)
    throw new Error(`POST /api/plans/confirm: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function milestonesOf(hero: HeroClient, goalId: string): Promise<Milestone[]> {
  const res = await hero.get<Milestone[]>('/api/milestones');
  return res.body.filter((m) => m.goal_id === goalId);
}

/** A plan as the advisor proposes it (spec 3), with overrides. */
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
