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
/** The hero's totalXP and what the given events added, in one statement on the driver. */
const TOTALS = `
  select coalesce(sum(amount), 0)::int as total,
         coalesce(sum(amount) filter (where event_id = any($2::uuid[])), 0)::int as delta
    from auth.xp_ledger where user_id = $1::uuid`;

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
