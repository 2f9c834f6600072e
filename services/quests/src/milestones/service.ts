import { AppError, type Emit } from '@lifequest/platform';
import {
  type MilestoneToggleResult,
  type Milestone as MilestoneWire,
  questProgress,
  toIsoDate,
} from '@lifequest/proto';
import type { QuestEvents, QuestsDb, QuestsTx } from '../db.ts';
import { isoDateOrNull, MILESTONE_ORDER, milestoneToWire } from '../goals/wire.ts';
import type { XpLedgerView } from '../xp/xp-projection.ts';

/**
 * The plan bonus a milestone earns on completion: the quest's early_milestone XP when it is completed
 * before its due date (by UTC calendar day; on the due date itself is on time, not early).
 */
export function earlyBonus(
  dueDate: string | null,
  completedOn: string,
  earlyMilestoneBonusXp: number,
): number {
  return dueDate !== null && completedOn < dueDate ? earlyMilestoneBonusXp : 0;
}

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
    const { result, xpEventIds } = await this.#events.transaction((tx, emit) =>
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

  async #toggle(tx: QuestsTx, emit: Emit, userId: string, milestoneId: string): Promise<ToggleOutcome> {
    const found = await tx.milestone.findFirst({
      where: { id: milestoneId, userId },
      select: { goalId: true },
    });
    if (!found) throw notFound();
    // One toggle per quest at a time: whether the quest is complete depends on all its milestones.
    await tx.$queryRaw`select id from "quests"."goals" where id = ${found.goalId}::uuid for update`;
    const goal = await tx.goal.findUnique({ where: { id: found.goalId }, include: { milestones: true } });
    const milestone = goal?.milestones.find((m) => m.id === milestoneId);
    if (!goal || !milestone) throw notFound();

    const completing = !milestone.isCompleted;
    const today = toIsoDate(this.#now());
    const bonus = completing
      ? earlyBonus(isoDateOrNull(milestone.dueDate), today, goal.earlyMilestoneBonusXp)
      : 0;
    const updated = await tx.milestone.update({
      where: { id: milestone.id },
      data: {
        isCompleted: completing,
        completedAt: completing ? this.#now() : null,
        xpAwarded: completing ? milestone.xpReward + bonus : 0,
        version: { increment: 1 },
      },
    });
    const eventIds: string[] = [];
    const base = { milestoneId: updated.id, goalId: goal.id, userId, title: updated.title };
    if (completing) {
      const event = await emit(
        'milestone.completed',
        {
          ...base,
          goalTitle: goal.title,
          xpReward: updated.xpReward,
          xpBonus: bonus,
          version: updated.version,
          className: goal.className,
          foundation: goal.foundation,
        },
        userId,
      );
      eventIds.push(event.id);
    } else {
      const event = await emit(
        'milestone.reopened',
        { ...base, xpReward: updated.xpReward, version: updated.version },
        userId,
      );
      eventIds.push(event.id);
    }
    let xpDelta = completing ? updated.xpAwarded : -milestone.xpAwarded;

    const milestones = goal.milestones.map((m) => (m.id === updated.id ? updated : m));
    const progress = questProgress(milestones.map((m) => ({ is_completed: m.isCompleted })));
    const goalDone = progress.total > 0 && progress.completed === progress.total;
    let goalCompleted = goal.isCompleted;
    if (goalDone !== goal.isCompleted) {
      const changed = await tx.goal.update({
        where: { id: goal.id },
        data: {
          isCompleted: goalDone,
          completedAt: goalDone ? this.#now() : null,
          version: { increment: 1 },
        },
      });
      goalCompleted = changed.isCompleted;
      const payload = { goalId: goal.id, userId, title: goal.title, version: changed.version };
      const event = goalDone
        ? await emit(
            'goal.completed',
            {
              ...payload,
              foundation: goal.foundation,
              className: goal.className,
              xpBonus: goal.completionBonusXp,
            },
            userId,
          )
        : await emit('goal.reopened', payload, userId);
      eventIds.push(event.id);
      xpDelta += goalDone ? goal.completionBonusXp : -goal.completionBonusXp;
    }

    return {
      result: {
        milestone: milestoneToWire(updated),
        goal: { id: goal.id, progress: progress.percent, is_completed: goalCompleted },
        xpDelta,
      },
      xpEventIds: eventIds,
    };
  }
}

function notFound(): AppError {
  return new AppError('MILESTONE_NOT_FOUND', 'No such milestone.');
}
