import { type DashboardItem, type DashboardResponse, questProgress } from '@lifequest/proto';
import type { QuestsDb } from '../db.ts';
import type { Goal, Milestone } from '../generated/prisma/client.ts';
import { isoDateOrNull, MILESTONE_ORDER } from '../goals/wire.ts';

/**
 * The Pathfinder page's dashboard (spec 2): one card per active quest. Completed quests are left out:
 * the page shows active goal cards, and the Dashboard item of spec 3 has no completion field.
 */
export class DashboardService {
  readonly #db: QuestsDb;

  constructor(db: QuestsDb) {
    this.#db = db;
  }

  async forHero(userId: string): Promise<DashboardResponse> {
    const goals = await this.#db.goal.findMany({
      where: { userId, isCompleted: false },
      include: { milestones: { orderBy: MILESTONE_ORDER } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    return { goals: goals.map((goal) => dashboardItem(goal, goal.milestones)) };
  }
}

export function dashboardItem(goal: Goal, milestones: readonly Milestone[]): DashboardItem {
  const progress = questProgress(milestones.map((m) => ({ is_completed: m.isCompleted })));
  const next = milestones
    .filter((m) => !m.isCompleted)
    // Soonest due first; undated milestones after dated ones, in plan order (the sort is stable).
    .sort(
      (a, b) =>
        (a.dueDate?.getTime() ?? Number.POSITIVE_INFINITY) -
        (b.dueDate?.getTime() ?? Number.POSITIVE_INFINITY),
    )[0];
  return {
    goal: {
      id: goal.id,
      title: goal.title,
      category: goal.category as DashboardItem['goal']['category'],
      difficulty: goal.difficulty as DashboardItem['goal']['difficulty'],
      targetDate: isoDateOrNull(goal.deadline),
      targetValue: goal.targetValue,
      unit: goal.unit,
      totalGoalXp: goal.totalXp,
    },
    progressPercentage: progress.percent,
    totalXp: milestones.reduce((sum, m) => sum + (m.isCompleted ? m.xpAwarded : 0), 0),
    nextMilestone: next ? { label: next.title, dueDate: isoDateOrNull(next.dueDate) } : null,
    completedMilestones: progress.completed,
    totalMilestones: progress.total,
  };
}
