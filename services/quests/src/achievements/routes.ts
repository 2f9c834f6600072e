import type { HttpServer } from '@lifequest/platform';
import {
  computeSkillTree,
  FOUNDATIONS,
  type Foundation,
  HeroAchievements,
  isFoundation,
  UserIdParams,
} from '@lifequest/proto';
import type { QuestsDb } from '../db.ts';

/**
 * GET /internal/quests/heroes/:userId/achievements, for the ai worker writing a story (docs/architecture.md#synchronous-calls:
 * the one synchronous read stories need). Only this hero's quests: completed ones with their
 * milestones, the ids of the open ones, how many milestones are completed in all, and percent mastery
 * per foundation as the skill tree counts it.
 */
export function achievementRoutes(app: HttpServer, db: QuestsDb): void {
  app.get(
    '/internal/quests/heroes/:userId/achievements',
    {
      config: { access: 'service' },
      schema: {
        params: UserIdParams,
        response: { 200: HeroAchievements },
      },
    },
    async (request) => {
      return heroAchievements(db, request.params.userId);
    },
  );
}

export async function heroAchievements(db: QuestsDb, userId: string): Promise<HeroAchievements> {
  const goals = await db.goal.findMany({
    where: { userId },
    include: { milestones: { orderBy: [{ position: 'asc' }, { id: 'asc' }] } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const treeGoals = goals.map((g) => ({
    id: g.id,
    title: g.title,
    class_name: g.className,
    foundation: g.foundation,
    is_completed: g.isCompleted,
  }));
  const treeMilestones = goals.flatMap((g) =>
    g.milestones.map((m) => ({ goal_id: g.id, is_completed: m.isCompleted })),
  );
  const completed = goals
    .filter((g) => g.isCompleted)
    .sort((a, b) => (b.completedAt?.getTime() ?? 0) - (a.completedAt?.getTime() ?? 0));
  return {
    goals: completed.map((g) => ({
      id: g.id,
      title: g.title,
      foundation: isFoundation(g.foundation) ? g.foundation : null,
      completedAt: g.completedAt?.toISOString() ?? null,
      milestones: g.milestones.map((m) => m.title),
    })),
    foundationProgress: masteryOf(treeGoals, treeMilestones),
    openGoalIds: goals.filter((g) => !g.isCompleted).map((g) => g.id),
    completedMilestones: treeMilestones.filter((m) => m.is_completed).length,
  };
}

/** A foundation's mastery is the progress of its skill-tree column (every level of it shares one tally). */
function masteryOf(
  goals: Parameters<typeof computeSkillTree>[0],
  milestones: Parameters<typeof computeSkillTree>[1],
): Record<Foundation, number> {
  const tree = computeSkillTree(goals, milestones);
  const mastery = {} as Record<Foundation, number>;
  for (const foundation of FOUNDATIONS) {
    mastery[foundation] =
      tree.nodes.find((node) => node.discipline === foundation && node.level === 1)?.progress ?? 0;
  }
  return mastery;
}
