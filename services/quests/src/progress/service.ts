import { AppError } from '@lifequest/platform';
import { type ProgressBody, type ProgressEntry, parseProgressValue, utcDay } from '@lifequest/proto';
import type { QuestEvents, QuestsDb } from '../db.ts';
import { notFound } from '../goals/service.ts';
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

  async log(userId: string, body: ProgressBody): Promise<ProgressEntry> {
    const goal = await this.#db.goal.findFirst({ where: { id: body.goalId, userId } });
    if (!goal) throw notFound();
    const parsed = parseProgressValue(String(body.value), goal.unit);
    if (!parsed.ok) throw new AppError('VALIDATION_FAILED', `Invalid body: value: ${parsed.error}`);
    if (Math.abs(parsed.value) > MAX_MAGNITUDE) {
      throw new AppError('VALIDATION_FAILED', 'Invalid body: value is too large');
    }

    return this.#events.transaction(async (tx, emit) => {
      // Serialises entries of one quest, so two first-of-the-day entries cannot both earn the bonus.
      await tx.$queryRaw`select id from "quests"."goals" where id = ${goal.id}::uuid for update`;
      const loggedAt = this.#now();
      const day = utcDay(loggedAt);
      const earlierToday = await tx.progressEntry.count({
        where: { goalId: goal.id, loggedAt: { gte: day.start, lt: day.end } },
      });
      const offered = dailyLoggingBonus(earlierToday, goal.loggingDailyBonusXp);
      const xpBonus =
        offered > 0 ? bonusWithinRoom(offered, await bonusRoomOf(tx, goal.id, goal.totalXp)) : 0;
      const entry = await tx.progressEntry.create({
        data: { goalId: goal.id, userId, value: parsed.value, note: body.note || null, xpBonus, loggedAt },
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
    });
  }
}
