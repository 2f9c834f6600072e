import type { HttpServer } from '@lifequest/platform';
import { HeroQuestParams, OpenQuests, type ReplanSource, UserIdParams } from '@lifequest/proto';
import type { QuestsDb } from '../db.ts';
import type { Goal, Milestone } from '../generated/prisma/client.ts';
import { notFound, questWithMilestones } from '../goals/service.ts';
import { MILESTONE_ORDER, milestoneToWire } from '../goals/wire.ts';

/**
 * The quests a re-plan starts from, read by the ai service (docs/features/replan.md, the one
 * synchronous call a re-plan makes): one quest of the hero's, or all their open quests for the chat to
 * find the one the hero fell behind on. Only this hero's: another hero's quest is QUEST_NOT_FOUND.
 */
export function replanSourceRoutes(app: HttpServer, db: QuestsDb): void {
  app.get(
    '/internal/quests/heroes/:userId/quests/:goalId',
    { config: { access: 'service' }, schema: { params: HeroQuestParams } },
    async (request): Promise<ReplanSource> => {
      const { userId, goalId } = request.params;
      const goal = await db.goal.findFirst({
        where: { id: goalId, userId },
        include: { milestones: { orderBy: MILESTONE_ORDER } },
      });
      if (!goal) throw notFound();
      return sourceOf(goal);
    },
  );

  app.get(
    '/internal/quests/heroes/:userId/open-quests',
    { config: { access: 'service' }, schema: { params: UserIdParams, response: { 200: OpenQuests } } },
    async (request) => {
      const goals = await db.goal.findMany({
        where: { userId: request.params.userId, isCompleted: false },
        include: { milestones: { orderBy: MILESTONE_ORDER } },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      });
      return { quests: goals.map(sourceOf) };
    },
  );
}

function sourceOf(goal: Goal & { milestones: Milestone[] }): ReplanSource {
  return {
    ...questWithMilestones(goal, goal.milestones.map(milestoneToWire)),
    total_xp: goal.totalXp,
    early_milestone_bonus: goal.earlyMilestoneBonusXp,
    logging_daily_bonus: goal.loggingDailyBonusXp,
  };
}
