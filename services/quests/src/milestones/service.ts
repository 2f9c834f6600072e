import { AppError, type Emit, type SqlTx } from '@lifequest/platform';
import {
  type CompletedQuest,
  goalCompletedPayload,
  type MilestoneToggleResult,
  type Milestone as MilestoneWire,
  milestoneCompletedPayload,
  questProgress,
  toIsoDate,
} from '@lifequest/proto';
import type { QuestEvents, QuestsDb } from '../db.ts';
import { MILESTONE_ORDER, milestoneToWire } from '../goals/wire.ts';
import { bonusRoomOf, bonusWithinRoom } from '../xp/quest-cap.ts';
import type { XpLedgerView } from '../xp/xp-projection.ts';

/**
 * The plan bonus a milestone offers on completion: the quest's early_milestone XP when it is completed
 * before its due date (by UTC calendar day; on the due date itself is on time, not early), never more
 * than the milestone's own reward (a 0-XP milestone earns no bonus). What the quest then pays is cut to
 * its room (xp/quest-cap.ts).
 */
export function earlyBonus(
  dueDate: string | null,
  completedOn: string,
  earlyMilestoneBonusXp: number,
  xpReward: number,
): number {
  return dueDate !== null && completedOn < dueDate ? Math.min(earlyMilestoneBonusXp, xpReward) : 0;
}

/** The quest of a toggle's completion events. */
function completedQuest(goal: GoalRow, userId: string): CompletedQuest {
  return {
    goalId: goal.id,
    userId,
    title: goal.title,
    className: goal.class_name,
    foundation: goal.foundation,
  };
}

/** The quest a milestone belongs to, locked for the toggle. */
interface GoalRow {
  id: string;
  title: string;
  class_name: string;
  foundation: string | null;
  is_completed: boolean;
  /** Its worth: the milestones' rewards plus the completion bonus. */
  total_xp: number;
  completion_bonus: number;
  early_bonus: number;
}

/** A milestone of the quest, as the toggle needs it. */
interface MilestoneRow {
  id: string;
  title: string;
  /** yyyy-mm-dd */
  due_date: string | null;
  is_completed: boolean;
  xp_reward: number;
  xp_awarded: number;
}

/*
 * The toggle is the hot write behind the XP header, so it is a few SQL statements on the driver
 * (through Prisma it was eight, each with the client's planning and mapping): lock the quest (found
 * through the hero's own milestone), read its milestones, write the milestone (and the quest with it),
 * then its events.
 */
const LOCK_GOAL = `
  select g.id, g.title, g.class_name, g.foundation, g.is_completed, g.total_xp,
         g.completion_bonus_xp as completion_bonus, g.early_milestone_bonus_xp as early_bonus
    from quests.milestones m join quests.goals g on g.id = m.goal_id
   where m.id = $1::uuid and m.user_id = $2::uuid
     for update of g`;

const GOAL_MILESTONES = `
  select id::text, title, due_date::text as due_date, is_completed, xp_reward, xp_awarded
    from quests.milestones where goal_id = $1::uuid`;

const UPDATE_MILESTONE = `
  with goal as (
    update quests.goals
       set is_completed = $8::boolean, completed_at = $7::timestamptz, version = version + 1,
           updated_at = now()
     where id = $5::uuid and $6::boolean
    returning version)
  update quests.milestones
     set is_completed = $2::boolean, completed_at = $3::timestamptz, xp_awarded = $4::int,
         version = version + 1
   where id = $1::uuid
  returning version, (select version from goal) as goal_version`;

interface ToggleOutcome {
  result: Omit<MilestoneToggleResult, 'user'>;
  xpEventIds: string[];
}

export class MilestoneService {
  readonly #db: QuestsDb;
  readonly #events: QuestEvents;
  readonly #xp: XpLedgerView;
  readonly #now: () => Date;

  constructor(db: QuestsDb, events: QuestEvents, xp: XpLedgerView, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#events = events;
    this.#xp = xp;
    this.#now = now;
  }

  async list(userId: string): Promise<MilestoneWire[]> {
    const milestones = await this.#db.milestone.findMany({
      where: { userId },
      orderBy: [{ goal: { createdAt: 'asc' } }, { goalId: 'asc' }, ...MILESTONE_ORDER],
    });
    return milestones.map(milestoneToWire);
  }

  /**
   * Completes an open milestone or reopens a completed one, completing or reopening its quest with it,
   * and records the events the XP ledger follows. Then it waits (bounded) for the ledger, so the answer
   * carries the hero's new totals; no transaction is held open meanwhile.
   */
  async toggle(userId: string, milestoneId: string): Promise<MilestoneToggleResult> {
    const { result, xpEventIds } = await this.#events.sqlTransaction((tx, emit) =>
      this.#toggle(tx, emit, userId, milestoneId),
    );
    const projection = await this.#xp.totalsAfter(userId, xpEventIds);
    if (!projection?.caughtUp) return { ...result, user: null };
    return {
      ...result,
      xpDelta: projection.xpDelta,
      user: { totalXP: projection.totalXP, lifeLevel: projection.lifeLevel },
    };
  }

  async #toggle(tx: SqlTx, emit: Emit, userId: string, milestoneId: string): Promise<ToggleOutcome> {
    // One toggle per quest at a time: whether the quest is complete depends on all its milestones.
    const [goal] = await tx.$queryRawUnsafe<GoalRow[]>(LOCK_GOAL, milestoneId, userId);
    if (!goal) throw notFound();
    // Read after the lock: a toggle that held it before us has committed its milestone.
    const milestones = await tx.$queryRawUnsafe<MilestoneRow[]>(GOAL_MILESTONES, goal.id);
    const milestone = milestones.find((m) => m.id === milestoneId);
    if (!milestone) throw notFound();

    const completing = !milestone.is_completed;
    const now = this.#now();
    const offered = completing
      ? earlyBonus(milestone.due_date, toIsoDate(now), goal.early_bonus, milestone.xp_reward)
      : 0;
    // The quest is locked, so its room is this toggle's to use; the milestone is open, so holds none.
    const bonus = offered > 0 ? bonusWithinRoom(offered, await bonusRoomOf(tx, goal.id, goal.total_xp)) : 0;
    const xpAwarded = completing ? milestone.xp_reward + bonus : 0;
    const after = milestones.map((m) => (m.id === milestoneId ? { ...m, is_completed: completing } : m));
    const progress = questProgress(after);
    const goalDone = progress.total > 0 && progress.completed === progress.total;
    const goalChanges = goalDone !== goal.is_completed;
    // The milestone, and the quest when its completion changes with it, in one statement.
    const [updated] = await tx.$queryRawUnsafe<{ version: number; goal_version: number | null }[]>(
      UPDATE_MILESTONE,
      milestoneId,
      completing,
      completing ? now : null,
      xpAwarded,
      goal.id,
      goalChanges,
      goalDone ? now : null,
      goalDone,
    );
    if (!updated) throw notFound();

    const eventIds: string[] = [];
    const base = { milestoneId, goalId: goal.id, userId, title: milestone.title };
    if (completing) {
      const event = await emit(
        'milestone.completed',
        milestoneCompletedPayload(
          completedQuest(goal, userId),
          { milestoneId, title: milestone.title, xpReward: milestone.xp_reward, version: updated.version },
          bonus,
        ),
        userId,
      );
      eventIds.push(event.id);
    } else {
      const event = await emit(
        'milestone.reopened',
        { ...base, xpReward: milestone.xp_reward, version: updated.version },
        userId,
      );
      eventIds.push(event.id);
    }
    let xpDelta = completing ? xpAwarded : -milestone.xp_awarded;

    if (goalChanges) {
      const payload = { goalId: goal.id, userId, title: goal.title, version: updated.goal_version ?? 0 };
      const event = goalDone
        ? await emit(
            'goal.completed',
            goalCompletedPayload(completedQuest(goal, userId), {
              xpBonus: goal.completion_bonus,
              version: payload.version,
            }),
            userId,
          )
        : await emit('goal.reopened', payload, userId);
      eventIds.push(event.id);
      xpDelta += goalDone ? goal.completion_bonus : -goal.completion_bonus;
    }

    return {
      result: {
        milestone: {
          id: milestoneId,
          goal_id: goal.id,
          title: milestone.title,
          is_completed: completing,
          xp_reward: milestone.xp_reward,
          due_date: milestone.due_date,
        },
        goal: { id: goal.id, progress: progress.percent, is_completed: goalDone },
        xpDelta,
      },
      xpEventIds: eventIds,
    };
  }
}

function notFound(): AppError {
  return new AppError('MILESTONE_NOT_FOUND', 'No such milestone.');
}
