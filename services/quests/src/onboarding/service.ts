import {
  addDays,
  FALLBACK_PLAN,
  type FirstGoal,
  type OnboardingQuestAnswer,
  type QuestWithMilestones,
  toIsoDate,
} from '@lifequest/proto';
import { isUniqueViolation, type QuestEvents, type QuestsDb } from '../db.ts';
import { insertQuest } from '../goals/create-quest.ts';
import { DEFAULT_QUEST_XP, fallbackMilestones, spreadDueDates, spreadXp } from '../goals/milestone-plan.ts';
import { assertPlanDate } from '../goals/quest-dates.ts';
import { questWithMilestones } from '../goals/service.ts';
import { MILESTONE_ORDER, milestoneToWire } from '../goals/wire.ts';

/**
 * The first quest, made from the onboarding result (docs/product.md#onboarding). Auth calls this before it marks
 * the hero onboarded, so the quest exists as soon as onboarding returns.
 *
 * A hero's onboarding makes its quest once, ever: the `onboardings` row, written with the quest, says it
 * did and stays when the hero deletes the quest. A repeated call (a retried onboarding) answers with the
 * quest made the first time, or with none once it is deleted; it never makes another, so the first
 * goal's completed milestones cannot earn their XP twice.
 *
 * Its milestones share 100 XP and are spaced evenly up to the deadline (90 days out when the chat gave
 * none). Without milestones it gets the fallback plan (docs/product.md#xp-rules).
 */
export class OnboardingQuestService {
  readonly #db: QuestsDb;
  readonly #events: QuestEvents;
  readonly #now: () => Date;

  constructor(db: QuestsDb, events: QuestEvents, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#events = events;
    this.#now = now;
  }

  async create(userId: string, firstGoal: FirstGoal): Promise<OnboardingQuestAnswer> {
    const earlier = await this.#made(userId);
    if (earlier) return earlier;
    const today = toIsoDate(this.#now());
    // The same dates as POST /api/goals and plan confirmation accept.
    if (firstGoal.deadline) assertPlanDate('firstGoal.deadline', firstGoal.deadline, today);
    const deadline = firstGoal.deadline ?? addDays(today, FALLBACK_PLAN.targetDays);
    const planned =
      firstGoal.milestones.length === 0
        ? fallbackMilestones(firstGoal.title, today, deadline).milestones
        : this.#spread(firstGoal.milestones, today, deadline);
    try {
      await this.#events.transaction(async (tx, emit) => {
        const { goal } = await insertQuest(tx, emit, {
          userId,
          title: firstGoal.title,
          deadline,
          className: firstGoal.className?.trim() || 'general',
          source: 'onboarding',
          milestones: planned,
          now: this.#now(),
        });
        await tx.onboarding.create({ data: { userId, goalId: goal.id } });
      });
    } catch (error) {
      // Two onboarding calls at once: the unique indexes (one onboarding quest, one onboarding per hero)
      // let one through; answer with its quest.
      if (!isUniqueViolation(error)) throw error;
    }
    const made = await this.#made(userId);
    if (!made) throw new Error('the onboarding quest vanished right after it was created');
    return made;
  }

  #spread(milestones: FirstGoal['milestones'], today: string, deadline: string) {
    const dates = spreadDueDates(today, deadline, milestones.length);
    const xp = spreadXp(DEFAULT_QUEST_XP, milestones.length);
    return milestones.map((m, i) => ({
      title: m.title,
      dueDate: dates[i]!,
      xpReward: xp[i]!,
      isCompleted: m.completed,
    }));
  }

  /** What the hero's onboarding made, if it has run: its quest, or null once the hero deleted it. */
  async #made(userId: string): Promise<OnboardingQuestAnswer | null> {
    const onboarding = await this.#db.onboarding.findUnique({ where: { userId } });
    if (onboarding) return { quest: await this.#quest(userId, onboarding.goalId) };
    // An onboarding quest without its row: made by a quests older than the row (a rolling deploy, the
    // migration already run). It is the hero's onboarding: adopt it, or the next call would meet the
    // one-onboarding-quest index and find no row to answer with.
    const unrecorded = await this.#db.goal.findFirst({
      where: { userId, source: 'onboarding' },
      select: { id: true },
    });
    if (!unrecorded) return null;
    await this.#db.onboarding.upsert({
      where: { userId },
      create: { userId, goalId: unrecorded.id },
      update: {},
    });
    return this.#made(userId);
  }

  async #quest(userId: string, goalId: string): Promise<QuestWithMilestones | null> {
    const goal = await this.#db.goal.findFirst({
      where: { id: goalId, userId },
      include: { milestones: { orderBy: MILESTONE_ORDER } },
    });
    return goal ? questWithMilestones(goal, goal.milestones.map(milestoneToWire)) : null;
  }
}
