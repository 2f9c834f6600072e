import { AppError } from '@lifequest/platform';
import {
  type CreatedGoal,
  type CreateGoalBody,
  type GoalDetail,
  type Goal as GoalWire,
  type Milestone as MilestoneWire,
  type QuestWithMilestones,
  toIsoDate,
} from '@lifequest/proto';
import type { QuestEvents, QuestsDb } from '../db.ts';
import type { Goal } from '../generated/prisma/client.ts';
import { insertQuest } from './create-quest.ts';
import {
  fallbackMilestones,
  planSuggestedMilestones,
  type SuggestedPlanMilestone,
} from './milestone-plan.ts';
import { assertPlanDate } from './quest-dates.ts';
import { goalToWire, isoDateOrNull, MILESTONE_ORDER, milestoneToWire } from './wire.ts';

/** Progress entries a goal detail returns; the Pathfinder page shows the newest 5. */
const DETAIL_PROGRESS_LIMIT = 100;

export class GoalService {
  readonly #db: QuestsDb;
  readonly #events: QuestEvents;
  readonly #now: () => Date;

  constructor(db: QuestsDb, events: QuestEvents, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#events = events;
    this.#now = now;
  }

  async list(userId: string): Promise<GoalWire[]> {
    const goals = await this.#db.goal.findMany({
      where: { userId },
      include: { milestones: { select: { isCompleted: true } } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    return goals.map((goal) => goalToWire(goal, goal.milestones));
  }

  async detail(userId: string, goalId: string): Promise<GoalDetail> {
    const goal = await this.#db.goal.findFirst({
      where: { id: goalId, userId },
      include: {
        milestones: { orderBy: MILESTONE_ORDER },
        progress: { orderBy: [{ loggedAt: 'desc' }, { id: 'desc' }], take: DETAIL_PROGRESS_LIMIT },
      },
    });
    if (!goal) throw notFound();
    return {
      goal: goalToWire(goal, goal.milestones),
      progress: goal.progress.map((entry) => ({
        id: entry.id,
        value: entry.value,
        note: entry.note,
        ts: entry.loggedAt.toISOString(),
      })),
      milestones: goal.milestones.map((m) => ({
        id: m.id,
        label: m.title,
        dueDate: isoDateOrNull(m.dueDate),
        xpReward: m.xpReward,
        status: m.isCompleted ? ('done' as const) : ('pending' as const),
      })),
    };
  }

  /**
   * POST /api/goals. With milestones (the floating chat's suggestion) they are completed by
   * planSuggestedMilestones; without, the quest gets the fallback plan (docs/product.md#xp-rules).
   */
  async create(userId: string, body: CreateGoalBody): Promise<CreatedGoal> {
    const today = toIsoDate(this.#now());
    const deadline = body.deadline || body.targetDate || null;
    if (deadline) assertPlanDate('deadline', deadline, today);
    const suggested = (body.milestones ?? []).map(suggestion);
    for (const [i, m] of suggested.entries()) {
      if (m.dueDate) assertPlanDate(`milestones.${i}.dueDate`, m.dueDate, today);
    }
    const planned =
      suggested.length > 0
        ? planSuggestedMilestones(suggested, today, deadline, body.xpTotal ?? null)
        : {
            ...fallbackMilestones(body.title, today, deadline, body.xpTotal ?? undefined),
            completionBonusXp: 0,
          };

    const created = await this.#events.transaction((tx, emit) =>
      insertQuest(tx, emit, {
        userId,
        title: body.title,
        description: body.description || null,
        deadline: planned.deadline,
        className: body.className || 'general',
        source: suggested.length > 0 || body.xpTotal != null ? 'chat' : 'manual',
        completionBonusXp: planned.completionBonusXp,
        milestones: planned.milestones,
        now: this.#now(),
      }),
    );
    const { goal, milestones } = questWithMilestones(created.goal, created.milestones.map(milestoneToWire));
    return { ...goal, milestones };
  }

  /** Deletes the quest with its milestones and progress. XP it already earned stays: it is history. */
  async delete(userId: string, goalId: string): Promise<void> {
    await this.#events.transaction(async (tx, emit) => {
      const deleted = await tx.goal.deleteMany({ where: { id: goalId, userId } });
      if (deleted.count === 0) throw notFound();
      // Its milestones and progress entries go with it (on delete cascade).
      await emit('goal.deleted', { goalId, userId }, userId);
    });
  }
}

export function notFound(): AppError {
  return new AppError('QUEST_NOT_FOUND', 'No such quest.');
}

export function questWithMilestones(goal: Goal, milestones: MilestoneWire[]): QuestWithMilestones {
  return {
    goal: goalToWire(
      goal,
      milestones.map((m) => ({ isCompleted: m.is_completed })),
    ),
    milestones,
  };
}

function suggestion(
  input: NonNullable<CreateGoalBody['milestones']>[number],
  index: number,
): SuggestedPlanMilestone {
  if (typeof input === 'string') return { title: input, dueDate: null, xpReward: null };
  const title = input.title ?? input.label;
  if (!title) {
    throw new AppError('VALIDATION_FAILED', `Invalid body: milestones.${index} needs a title`);
  }
  return {
    title,
    dueDate: input.dueDate ?? input.due_date ?? null,
    xpReward: input.xpReward ?? input.xp_reward ?? null,
  };
}
