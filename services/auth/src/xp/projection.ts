import { lifeLevelForXp, type XpProjection } from '@lifequest/proto';
import type { AuthDb, AuthEvents } from '../db.ts';
import { XP_CONSUMER } from './consumer.ts';
import { totalXp } from './ledger.ts';

export interface ProjectionOptions {
  /** How long to wait for the ledger to hold the events. */
  waitMs: number;
  /** The longest pause between two looks. */
  pollMs: number;
}

const DEFAULTS: ProjectionOptions = { waitMs: 3_000, pollMs: 40 };

/**
 * The event is usually a few milliseconds behind the toggle (relay, broker, consumer), so the first
 * looks come soon and the pauses double up to `pollMs`: a fixed 40 ms pause made nearly every toggle
 * wait 40 ms for totals that were there after a few.
 */
const FIRST_POLL_MS = 2;

/**
 * The awaited projection behind a milestone toggle: waits until this service has consumed the given
 * events (their inbox rows commit with their ledger lines), then answers the hero's totals and what
 * those events changed. The wait is bounded; when it runs out the answer says so (`caughtUp: false`).
 * It polls the database rather than listening in memory, because with several auth replicas the event
 * may be consumed by another one.
 */
export class XpProjectionService {
  readonly #db: AuthDb;
  readonly #events: Pick<AuthEvents, 'hasHandled'>;
  readonly #options: ProjectionOptions;

  constructor(db: AuthDb, events: Pick<AuthEvents, 'hasHandled'>, options: Partial<ProjectionOptions> = {}) {
    this.#db = db;
    this.#events = events;
    this.#options = { ...DEFAULTS, ...options };
  }

  async totalsAfter(userId: string, eventIds: readonly string[]): Promise<XpProjection> {
    const deadline = Date.now() + this.#options.waitMs;
    let caughtUp = await this.#consumed(eventIds);
    let pause = Math.min(FIRST_POLL_MS, this.#options.pollMs);
    while (!caughtUp && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, this.#options.pollMs);
      caughtUp = await this.#consumed(eventIds);
    }
    const [total, delta] = await Promise.all([
      totalXp(this.#db, userId),
      eventIds.length === 0
        ? Promise.resolve(0)
        : this.#db.xpEntry
            .aggregate({ where: { userId, eventId: { in: [...eventIds] } }, _sum: { amount: true } })
            .then((sum) => sum._sum.amount ?? 0),
    ]);
    return { totalXP: total, lifeLevel: lifeLevelForXp(total), xpDelta: delta, caughtUp };
  }

  #consumed(eventIds: readonly string[]): Promise<boolean> {
    return this.#events.hasHandled(XP_CONSUMER, eventIds);
  }
}
