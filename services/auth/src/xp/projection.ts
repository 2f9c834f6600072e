import type { Queryable } from '@lifequest/platform';
import { lifeLevelForXp, type XpProjection } from '@lifequest/proto';
import type { AuthEvents } from '../db.ts';
import { XP_CONSUMER } from './consumer.ts';

export interface ProjectionOptions {
  /** How long to wait for the ledger to hold the events. */
  waitMs: number;
  /** The longest pause between two looks in the inbox, when no notification says the events are in. */
  pollMs: number;
}

const DEFAULTS: ProjectionOptions = { waitMs: 3_000, pollMs: 40 };

/**
 * The awaited projection behind a milestone toggle: waits until this service has consumed the given
 * events (their inbox rows commit with their ledger lines), then answers the hero's totals and what
 * those events changed. The wait is bounded; when it runs out the answer says so (`caughtUp: false`).
 * It is woken as soon as the events are consumed: at once when this process consumed them, through
 * PostgreSQL's NOTIFY when another auth replica did, and by looking in the inbox again (after 2 ms,
 * doubling up to `pollMs`) should neither come (ServiceEvents.waitUntilHandled).
 */
/**
 * The hero's totalXP (kept beside the ledger, by key) and what the given events added (their lines, by
 * the event_id index), in one statement on the driver.
 */
const TOTALS = `
  select coalesce((select total from auth.xp_totals where user_id = $1::uuid), 0) as total,
         coalesce((select sum(amount) from auth.xp_ledger
                    where event_id = any($2::uuid[]) and user_id = $1::uuid), 0)::int as delta`;

export class XpProjectionService {
  readonly #db: Queryable;
  readonly #events: Pick<AuthEvents, 'waitUntilHandled'>;
  readonly #options: ProjectionOptions;

  constructor(
    db: Queryable,
    events: Pick<AuthEvents, 'waitUntilHandled'>,
    options: Partial<ProjectionOptions> = {},
  ) {
    this.#db = db;
    this.#events = events;
    this.#options = { ...DEFAULTS, ...options };
  }

  async totalsAfter(userId: string, eventIds: readonly string[]): Promise<XpProjection> {
    const caughtUp = await this.#events.waitUntilHandled(XP_CONSUMER, eventIds, {
      timeoutMs: this.#options.waitMs,
      maxPollMs: this.#options.pollMs,
    });
    const [row] = await this.#db.query<{ total: number; delta: number }>(TOTALS, [userId, eventIds]);
    const total = row?.total ?? 0;
    const delta = row?.delta ?? 0;
    return { totalXP: total, lifeLevel: lifeLevelForXp(total), xpDelta: delta, caughtUp };
  }
}
