import {
  type GoalCategory,
  type LifeClass,
  type PlanConfirmBody,
  type QuestWithMilestones,
  toIsoDate,
} from '@lifequest/proto';
import type { QuestEvents } from '../db.ts';
import { insertQuest } from '../goals/create-quest.ts';
import { assertPlanDate } from '../goals/quest-dates.ts';
import { questWithMilestones } from '../goals/service.ts';
import { milestoneToWire } from '../goals/wire.ts';

/** The life class a plan's category trains; habits and projects stay general. */
const CLASS_OF_CATEGORY: Readonly<Record<GoalCategory, LifeClass>> = {
  fitness: 'health',
  finance: 'financial',
  education: 'education',
  habit: 'general',
  project: 'general',
};

/**
 * Confirming a plan (spec 4, Advisor plan): the quest with its category, difficulty, metric, XP policy
 * and habits, and the plan's milestones with their XP. `plan.confirmed` tells the ai service to clear
 * the draft.
 *
 * XP: each milestone earns its xp_reward. total_goal_xp is the whole quest's worth, so what it has
 * beyond the milestones' sum is earned when the quest completes; nothing is counted twice.
 */
export class PlanService {
  readonly #events: QuestEvents;
  readonly #now: () => Date;

  constructor(events: QuestEvents, now: () => Date = () => new Date()) {
    this.#events = events;
    this.#now = now;
  }

  async confirm(userId: string, plan: PlanConfirmBody): Promise<QuestWithMilestones> {
    // The same dates as POST /api/goals accepts (the XP bounds are the Plan schema's).
    const today = toIsoDate(this.#now());
    for (const [i, m] of plan.milestones.entries()) {
      if (m.due_date) assertPlanDate(`milestones.${i}.due_date`, m.due_date, today);
    }
    const milestoneXp = plan.milestones.reduce((sum, m) => sum + m.xp_reward, 0);
    const dueDates = plan.milestones.map((m) => m.due_date).filter((d): d is string => d !== null);
    const created = await this.#events.transaction(async (tx, emit) => {
      const quest = await insertQuest(tx, emit, {
        userId,
        title: plan.goal.title,
        deadline: dueDates.length > 0 ? [...dueDates].sort().at(-1)! : null,
        className: CLASS_OF_CATEGORY[plan.goal.category],
        source: 'plan',
        category: plan.goal.category,
        difficulty: plan.goal.difficulty,
        unit: plan.goal.metric.unit || null,
        targetValue: plan.goal.metric.target_value,
        completionBonusXp: Math.max(0, plan.xp_policy.total_goal_xp - milestoneXp),
        earlyMilestoneBonusXp: plan.xp_policy.bonuses.early_milestone,
        loggingDailyBonusXp: plan.xp_policy.bonuses.logging_daily,
        habits: plan.habits,
        milestones: plan.milestones.map((m) => ({
          title: m.label,
          dueDate: m.due_date,
          xpReward: m.xp_reward,
        })),
      });
      await emit('plan.confirmed', { userId, goalId: quest.goal.id, draftId: plan.draftId ?? null }, userId);
      return quest;
    });
    return questWithMilestones(created.goal, created.milestones.map(milestoneToWire));
  }
}
