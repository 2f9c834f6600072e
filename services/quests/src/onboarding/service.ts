import {
  addDays,
  FALLBACK_PLAN,
  type FirstGoal,
  type QuestWithMilestones,
  toIsoDate,
} from '@lifequest/proto';
import { isUniqueViolation, type QuestEvents, type QuestsDb } from '../db.ts';
import { insertQuest } from '../goals/create-quest.ts';
import { DEFAULT_QUEST_XP, fallbackMilestones, spreadDueDates, spreadXp } from '../goals/milestone-plan.ts';
import { questWithMilestones } from '../goals/service.ts';
import { MILESTONE_ORDER, milestoneToWire } from '../goals/wire.ts';

/**
 * The first quest, made from the onboarding result (spec 2, step 4). Auth calls this before it marks
 * the hero onboarded, so the quest exists as soon as onboarding returns; a repeated call (a retried
 * onboarding) finds the quest made the first time instead of making another.
 *
 * Its milestones share 100 XP and are spaced evenly up to the deadline (90 days out when the chat gave
 * none). Without milestones it gets the fallback plan of spec 9.
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

  async create(userId: string, firstGoal: FirstGoal): Promise<QuestWithMilestones> {
    const existing = await this.#find(userId);
    if (existing) return existing;
    const today = toIsoDate(this.#now());
    const deadline = firstGoal.deadline ?? addDays(today, FALLBACK_PLAN.targetDays);
    const planned =
      firstGoal.milestones.length === 0
        ? fallbackMilestones(firstGoal.title, today, deadline).milestones
        : this.#spread(firstGoal.milestones, today, deadline);
    try {
      await this.#events.transaction((tx, emit) =>
        insertQuest(tx, emit, {
          userId,
          title: firstGoal.title,
          deadline,
          className: firstGoal.className?.trim() || 'general',
          source: 'onboarding',
          milestones: planned,
        }),
      );
    } catch (error) {
      // Two onboarding calls at once: the unique index let one quest through; answer with it.
      if (!isUniqueViolation(error)) throw error;
    }
    const created = await this.#find(userId);
    if (!created) throw new Error('the onboarding quest vanished right after it was created');
    return created;
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

  async #find(userId: string): Promise<QuestWithMilestones | null> {
    const goal = await this.#db.goal.findFirst({
      where: { userId, source: 'onboarding' },
      include: { milestones: { orderBy: MILESTONE_ORDER } },
    });
    return goal ? questWithMilestones(goal, goal.milestones.map(milestoneToWire)) : null;
  }
}
