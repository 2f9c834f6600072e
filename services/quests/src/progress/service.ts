import { AppError, type Emit } from '@lifequest/platform';
import { type ProgressBody, type ProgressEntry, parseProgressValue, utcDay } from '@lifequest/proto';
import type { QuestEvents, QuestsDb, QuestsTx } from '../db.ts';
import { notFound } from '../goals/service.ts';
import { once, requestHash } from '../idempotency/store.ts';
import { bonusRoomOf, bonusWithinRoom } from '../xp/quest-cap.ts';

/** Larger magnitudes are typing accidents, and would lose precision as a double. */
const MAX_MAGNITUDE = 1e12;

/**
 * The plan's logging_daily bonus: offered to the first progress entry of a UTC calendar day on a quest
 * whose plan offers it (quests without a plan offer 0). What the quest then pays is cut to its room
 * (xp/quest-cap.ts).
 */
export function dailyLoggingBonus(entriesEarlierToday: number, loggingDailyBonusXp: number): number {
  return entriesEarlierToday === 0 ? loggingDailyBonusXp : 0;
}

export class ProgressService {
  readonly #db: QuestsDb;
  readonly #events: QuestEvents;
  readonly #now: () => Date;

  constructor(db: QuestsDb, events: QuestEvents, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#events = events;
    this.#now = now;
  }

  /**
   * Logs an entry. With an Idempotency-Key the first request logs it and keeps its answer; the same
   * request again answers that entry and logs nothing (docs/features/offline-app.md#idempotency).
   */
  async log(userId: string, body: ProgressBody, key?: string): Promise<ProgressEntry> {
    const goal = await this.#db.goal.findFirst({ where: { id: body.goalId, userId } });
    const hash = requestHash('POST /api/progress', [body.goalId, body.value, body.note ?? null]);
    if (!goal) {
      // A replay of an entry whose quest was deleted since answers the entry, as the first time.
      if (key === undefined) throw notFound();
      const kept = await this.#events.transaction((tx) =>
        once(tx, { userId, key, hash, now: this.#now() }, async () => {
          throw notFound();
        }),
      );
      return kept.body as ProgressEntry;
    }
    const parsed = parseProgressValue(String(body.value), goal.unit);
    if (!parsed.ok) throw new AppError('VALIDATION_FAILED', `Invalid body: value: ${parsed.error}`);
    if (Math.abs(parsed.value) > MAX_MAGNITUDE) {
      throw new AppError('VALIDATION_FAILED', 'Invalid body: value is too large');
    }

    const kept = await this.#events.transaction((tx, emit) =>
      once(tx, { userId, key, hash, now: this.#now() }, async () => ({
        status: 201,
        body: await this.#log(tx, emit, userId, goal, parsed.value, body.note || null),
      })),
    );
    return kept.body;
  }

  async #log(
    tx: QuestsTx,
    emit: Emit,
    userId: string,
    goal: { id: string; title: string; unit: string | null; totalXp: number; loggingDailyBonusXp: number },
    value: number,
    note: string | null,
  ): Promise<ProgressEntry> {
    // Serialises entries of one quest, so two first-of-the-day entries cannot both earn the bonus.
    await tx.$queryRaw`select id from "quests"."goals" where id = ${goal.id}::uuid for update`;
    const loggedAt = this.#now();
    const day = utcDay(loggedAt);
    const earlierToday = await tx.progressEntry.count({
      where: { goalId: goal.id, loggedAt: { gte: day.start, lt: day.end } },
    });
    const offered = dailyLoggingBonus(earlierToday, goal.loggingDailyBonusXp);
    const xpBonus = offered > 0 ? bonusWithinRoom(offered, await bonusRoomOf(tx, goal.id, goal.totalXp)) : 0;
    const entry = await tx.progressEntry.create({
      data: { goalId: goal.id, userId, value, note, xpBonus, loggedAt },
    });
    await emit(
      'progress.logged',
      {
        progressId: entry.id,
        goalId: goal.id,
        goalTitle: goal.title,
        userId,
        value: entry.value,
        unit: goal.unit,
        loggedAt: entry.loggedAt.toISOString(),
        xpBonus,
      },
      userId,
    );
    return {
      id: entry.id,
      goalId: goal.id,
      value: entry.value,
      note: entry.note,
      ts: entry.loggedAt.toISOString(),
      xpBonus,
    };
  }
}
