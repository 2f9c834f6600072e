import { AppError, type Emit, type SqlTx } from '@lifequest/platform';
import type { MilestoneToggleResult, Milestone as MilestoneWire } from '@lifequest/proto';
import type { QuestEvents, QuestsDb } from '../db.ts';
import { MILESTONE_ORDER, milestoneToWire } from '../goals/wire.ts';
import { once, requestHash } from '../idempotency/store.ts';
import { bonusRoomOf } from '../xp/quest-cap.ts';
import type { XpLedgerView } from '../xp/xp-projection.ts';
import {
  decideSet,
  decideToggle,
  type LockedQuest,
  offeredBonus,
  type QuestMilestone,
  type ToggleDecision,
  type ToggleRead,
  unchangedResult,
} from './toggle.ts';

/*
 * The toggle is the hot write behind the XP header, so it is a few SQL statements on the driver
 * (through Prisma it was eight, each with the client's planning and mapping): lock the quest (found
 * through the hero's own milestone) and read its milestones, let toggle.ts decide, then write the
 * milestone (and the quest with it) in one statement, and its events.
 */
const LOCK_GOAL = `
  select g.id, g.title, g.class_name, g.foundation, g.is_completed, g.total_xp,
         g.completion_bonus_xp as completion_bonus, g.early_milestone_bonus_xp as early_bonus, g.version
    from quests.milestones m join quests.goals g on g.id = m.goal_id
   where m.id = $1::uuid and m.user_id = $2::uuid
     for update of g`;

const GOAL_MILESTONES = `
  select id::text, title, due_date::text as due_date, is_completed, xp_reward, xp_awarded, version
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
    return this.#withTotals(userId, result, xpEventIds);
  }

  /**
   * Sets a milestone done or open, once per Idempotency-Key (docs/features/offline-app.md#idempotency):
   * the first request decides as the toggle does and keeps its answer; a replay answers it again (with
   * the hero's totals after those same events) and changes nothing.
   */
  async set(
    userId: string,
    milestoneId: string,
    completed: boolean,
    key: string,
  ): Promise<MilestoneToggleResult> {
    const hash = requestHash(`PUT /api/milestones/${milestoneId}`, { completed });
    const kept = await this.#events.sqlTransaction((tx, emit) =>
      once(tx, { userId, key, hash, now: this.#now() }, async () => {
        const read = await readToggle(tx, userId, milestoneId, this.#now);
        const decision = decideSet(read, userId, completed);
        const body = decision
          ? { result: decision.result, xpEventIds: await applyToggle(tx, emit, userId, decision) }
          : { result: unchangedResult(read), xpEventIds: [] };
        return { status: 200, body };
      }),
    );
    return this.#withTotals(userId, kept.body.result, kept.body.xpEventIds);
  }

  /** The answer with the hero's totals once the XP ledger holds `xpEventIds` (null when it could not say). */
  async #withTotals(
    userId: string,
    result: ToggleDecision['result'],
    xpEventIds: string[],
  ): Promise<MilestoneToggleResult> {
    const projection = await this.#xp.totalsAfter(userId, xpEventIds);
    if (!projection?.caughtUp) return { ...result, user: null };
    return {
      ...result,
      // No event, no XP: a set that changed nothing moved none, whatever the ledger sums to.
      xpDelta: xpEventIds.length > 0 ? projection.xpDelta : 0,
      user: { totalXP: projection.totalXP, lifeLevel: projection.lifeLevel },
    };
  }

  async #toggle(
    tx: SqlTx,
    emit: Emit,
    userId: string,
    milestoneId: string,
  ): Promise<{ result: ToggleDecision['result']; xpEventIds: string[] }> {
    const read = await readToggle(tx, userId, milestoneId, this.#now);
    const decision = decideToggle(read, userId);
    return { result: decision.result, xpEventIds: await applyToggle(tx, emit, userId, decision) };
  }
}

/**
 * Reads what the toggle decides on. One toggle per quest at a time (its row lock, held to the commit):
 * whether the quest is complete depends on all its milestones, and its bonus room is this toggle's to use.
 */
async function readToggle(
  tx: SqlTx,
  userId: string,
  milestoneId: string,
  clock: () => Date,
): Promise<ToggleRead> {
  const [quest] = await tx.$queryRawUnsafe<LockedQuest[]>(LOCK_GOAL, milestoneId, userId);
  if (!quest) throw notFound();
  // Read after the lock: a toggle that held it before us has committed its milestone.
  const milestones = await tx.$queryRawUnsafe<QuestMilestone[]>(GOAL_MILESTONES, quest.id);
  const milestone = milestones.find((m) => m.id === milestoneId);
  if (!milestone) throw notFound();
  const now = clock();
  // Only a bonus on offer needs the room (the milestone is open, so it holds none of it).
  const bonusRoom =
    offeredBonus(quest, milestone, now) > 0 ? await bonusRoomOf(tx, quest.id, quest.total_xp) : null;
  return { quest, milestones, milestone, now, bonusRoom };
}

/**
 * Writes what the toggle decided: the milestone, and the quest when its completion changes with it, in
 * one statement; then its events, through the outbox. Answers the ids of the events the XP ledger follows.
 */
async function applyToggle(
  tx: SqlTx,
  emit: Emit,
  userId: string,
  decision: ToggleDecision,
): Promise<string[]> {
  const { milestone, quest } = decision;
  const [updated] = await tx.$queryRawUnsafe<{ version: number; goal_version: number | null }[]>(
    UPDATE_MILESTONE,
    milestone.id,
    milestone.isCompleted,
    milestone.completedAt,
    milestone.xpAwarded,
    decision.result.goal.id,
    quest !== null,
    quest?.completedAt ?? null,
    quest?.isCompleted ?? false,
  );
  if (!updated) throw notFound();
  // Only a toggle changes these versions, and it holds the quest's lock: they are the ones decided.
  if (updated.version !== milestone.version || (quest && updated.goal_version !== quest.version)) {
    throw new Error('a toggled milestone or its quest changed under the lock');
  }
  const eventIds: string[] = [];
  for (const event of decision.events) {
    eventIds.push((await emit(event.name, event.payload, userId)).id);
  }
  return eventIds;
}

function notFound(): AppError {
  return new AppError('MILESTONE_NOT_FOUND', 'No such milestone.');
}
