import { createHash } from 'node:crypto';
import {
  type GoalCategory,
  isUuid,
  type LifeClass,
  type PlanConfirmBody,
  type QuestWithMilestones,
  toIsoDate,
} from '@lifequest/proto';
import { isUniqueViolation, type QuestEvents, type QuestsDb } from '../db.ts';
import { insertQuest } from '../goals/create-quest.ts';
import { assertPlanDate } from '../goals/quest-dates.ts';
import { questWithMilestones } from '../goals/service.ts';
import { MILESTONE_ORDER, milestoneToWire } from '../goals/wire.ts';
import { replanInPlace } from './replan.ts';

/** The life class a plan's category trains; habits and projects stay general. */
const CLASS_OF_CATEGORY: Readonly<Record<GoalCategory, LifeClass>> = {
  fitness: 'health',
  finance: 'financial',
  education: 'education',
  habit: 'general',
  project: 'general',
};

/**
 * Confirming a plan (docs/product.md#pathfinder): the quest with its category, difficulty, metric,
 * XP policy and habits, and the plan's milestones with their XP. `plan.confirmed` tells the ai
 * service to clear the draft.
 *
 * XP: each milestone earns its xp_reward. total_goal_xp is the whole quest's worth, so what it has
 * beyond the milestones' sum is earned when the quest completes; nothing is counted twice. The plan's
 * bonuses are paid on top only within the quest's 1,000 XP (xp/quest-cap.ts).
 *
 * A plan carrying `goal_id` is a re-plan of that quest: it is updated in place (replan.ts), answered
 * 200, and recorded under the same confirmation key, so confirming it twice changes the quest once.
 *
 * Idempotent: a plan is confirmed once per draft. The draft is named by its `draftId`, or, when the
 * client names none, by a hash of the plan itself; that key is unique per hero in the goals table, so
 * a repeated or parallel confirmation answers with the quest the first one made.
 */
export class PlanService {
  readonly #db: QuestsDb;
  readonly #events: QuestEvents;
  readonly #now: () => Date;

  constructor(db: QuestsDb, events: QuestEvents, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#events = events;
    this.#now = now;
  }

  async confirm(
    userId: string,
    plan: PlanConfirmBody,
  ): Promise<{ quest: QuestWithMilestones; created: boolean }> {
    const confirmationKey = confirmationKeyOf(plan);
    const earlier = await this.#confirmed(userId, confirmationKey);
    if (earlier) return { quest: earlier, created: false };
    const goalId = plan.goal_id;
    if (goalId) {
      // A re-plan: the quest it names is updated in place, never a second quest.
      const quest = await this.#events.transaction((tx, emit) =>
        replanInPlace(tx, emit, { userId, goalId, plan, confirmationKey, now: this.#now() }),
      );
      return { quest, created: false };
    }
    // The same dates as POST /api/goals accepts (the XP bounds are the Plan schema's).
    const today = toIsoDate(this.#now());
    for (const [i, m] of plan.milestones.entries()) {
      if (m.due_date) assertPlanDate(`milestones.${i}.due_date`, m.due_date, today);
    }
    const milestoneXp = plan.milestones.reduce((sum, m) => sum + m.xp_reward, 0);
    const dueDates = plan.milestones.map((m) => m.due_date).filter((d): d is string => d !== null);
    const created = await this.#events
      .transaction(async (tx, emit) => {
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
          confirmationKey,
          now: this.#now(),
          milestones: plan.milestones.map((m) => ({
            title: m.label,
            dueDate: m.due_date,
            xpReward: m.xp_reward,
          })),
        });
        // The client names its draft with any text; only a UUID can be one of ai's drafts, and
        // plan.confirmed carries ids only (with none, ai clears whatever draft the hero has).
        const draftId = plan.draftId && isUuid(plan.draftId) ? plan.draftId : null;
        await emit('plan.confirmed', { userId, goalId: quest.goal.id, draftId }, userId);
        return quest;
      })
      .catch((error: unknown) => {
        // A parallel confirmation of the same draft got there first: its quest is the answer.
        if (isUniqueViolation(error)) return null;
        throw error;
      });
    if (!created) {
      const winner = await this.#confirmed(userId, confirmationKey);
      if (!winner) throw new Error('the confirmed quest vanished right after it was created');
      return { quest: winner, created: false };
    }
    return {
      quest: questWithMilestones(created.goal, created.milestones.map(milestoneToWire)),
      created: true,
    };
  }

  async #confirmed(userId: string, confirmationKey: string): Promise<QuestWithMilestones | null> {
    const goal = await this.#db.goal.findUnique({
      where: { userId_confirmationKey: { userId, confirmationKey } },
      include: { milestones: { orderBy: MILESTONE_ORDER } },
    });
    return goal ? questWithMilestones(goal, goal.milestones.map(milestoneToWire)) : null;
  }
}

/** The draft a confirmation is of: its id when the client names it, else the plan's own hash. */
function confirmationKeyOf({ draftId, ...plan }: PlanConfirmBody): string {
  if (draftId) return `draft:${draftId}`;
  // The parsed plan has its keys in the schema's order, so equal plans hash alike.
  return `plan:${createHash('sha256').update(JSON.stringify(plan)).digest('hex')}`;
}
