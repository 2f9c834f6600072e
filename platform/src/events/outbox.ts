import { randomUUID } from 'node:crypto';
import { type EventEnvelope, type EventName, parseEnvelope } from '@lifequest/proto';
import type { Logger } from '../logger.ts';
import type { EventBus, SqlTx } from './ports.ts';
import { describeError } from './retry.ts';

const SCHEMA_NAME = /^[a-z][a-z0-9_]*$/;

export function assertSchemaName(schema: string): void {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Invalid schema name '${schema}'`);
}

/** A lease written with the row: the relay that will publish it once the transaction commits. */
export interface OutboxLease {
  relayId: string;
  ttlMs: number;
}

/**
 * Writes an already-built envelope into `schema`'s outbox inside the caller's transaction; with a lease,
 * the row is claimed by that relay from the start (as its own claim would have, attempt 1 counted).
 */
export async function insertOutboxRow<N extends EventName>(
  tx: SqlTx,
  schema: string,
  event: EventEnvelope<N>,
  lease?: OutboxLease,
): Promise<void> {
  if (!lease) {
    await tx.$executeRawUnsafe(
      `insert into "${schema}"."_outbox" (id, name, envelope) values ($1::uuid, $2, $3::jsonb)`,
      event.id,
      event.name,
      JSON.stringify(event),
    );
    return;
  }
  await tx.$executeRawUnsafe(
    `insert into "${schema}"."_outbox" (id, name, envelope, claimed_by, claimed_until, attempts)
     values ($1::uuid, $2, $3::jsonb, $4, now() + ($5::int * interval '1 millisecond'), 1)`,
    event.id,
    event.name,
    JSON.stringify(event),
    lease.relayId,
    lease.ttlMs,
  );
}

/**
 * A hero's purge (see purge.ts), in its transaction: this schema's published events
 * that mention `value` (the hero's id: every event about them carries it) are deleted rather than kept
 * for the retention window, and pending ones, which consumers still need, are deleted once published.
 */
export async function purgeFromOutbox(tx: SqlTx, schema: string, value: string): Promise<void> {
  assertSchemaName(schema);
  if (!value) return;
  await tx.$executeRawUnsafe(
    `delete from "${schema}"."_outbox" where published_at is not null and strpos(envelope::text, $1) > 0`,
    value,
  );
  await tx.$executeRawUnsafe(
    `update "${schema}"."_outbox" set forget_on_publish = true
     where published_at is null and strpos(envelope::text, $1) > 0`,
    value,
  );
}

export interface RelayOptions {
  /** How often the relay looks for pending rows when nobody nudged it. */
  pollIntervalMs: number;
  /** Rows claimed per query. */
  batchSize: number;
  /** Publishes awaiting their confirm at once; the relay claims no more beyond this. */
  maxInFlight: number;
  /** How long a claimed row is reserved for this relay; a crashed relay's rows return after it. */
  claimTtlMs: number;
  /** Longest wait before a row whose publish failed is tried again (the wait doubles per failure). */
  maxRetryDelayMs: number;
  /** Release every claim at start: right when this process is the only relay (the in-process bus). */
  releaseClaimsOnStart: boolean;
  /** Published rows older than this are deleted (0 keeps them forever). */
  retainPublishedMs: number;
  /**
   * Inbox rows older than this are deleted (0 keeps them forever). Redelivery comes within minutes, and a
   * dead-lettered event never left an inbox row, so a long window keeps every real duplicate out.
   */
  retainInboxMs: number;
}

export const DEFAULT_RELAY: RelayOptions = {
  pollIntervalMs: 500,
  batchSize: 200,
  maxInFlight: 1_000,
  claimTtlMs: 60_000,
  maxRetryDelayMs: 30_000,
  releaseClaimsOnStart: false,
  retainPublishedMs: 7 * 24 * 3_600_000,
  retainInboxMs: 30 * 24 * 3_600_000,
};

interface ClaimedRow {
  id: string;
  /** As read back from the outbox, or the event itself when its unit of work handed it over. */
  envelope: string | EventEnvelope;
}

/**
 * Publishes a schema's outbox rows and marks each one sent only after the bus confirmed it. Rows are
 * leased (claimed_until) with `for update skip locked`, so replicas never publish the same row at once;
 * no transaction is held while publishing (PGlite has one connection: a long transaction would block
 * every consumer). A crash anywhere leaves the row pending, and it is published again: at least once,
 * with the consumers' inbox turning that into exactly once in effect.
 */
export class OutboxRelay {
  readonly schema: string;
  readonly #client: SqlTx;
  readonly #bus: EventBus;
  readonly #log: Logger | undefined;
  readonly #options: RelayOptions;
  readonly #relayId = randomUUID();
  #running = false;
  #loopDone: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  #wakeRequested = false;
  readonly #inFlight = new Set<Promise<boolean>>();
  readonly #pendingMarks = new Map<string, { resolve: () => void; reject: (error: unknown) => void }>();
  /** Rows the bus confirmed whose mark failed (the database was away): marked again on the next round. */
  readonly #unmarked = new Set<string>();
  #markScheduled = false;
  #lastCleanup = 0;

  constructor(
    client: SqlTx,
    schema: string,
    bus: EventBus,
    options: Partial<RelayOptions> = {},
    log?: Logger,
  ) {
    assertSchemaName(schema);
    this.#client = client;
    this.schema = schema;
    this.#bus = bus;
    this.#options = { ...DEFAULT_RELAY, ...options };
    this.#log = log;
  }

  get isRunning(): boolean {
    return this.#running;
  }

  async start(): Promise<void> {
    if (this.#running) return;
    if (this.#options.releaseClaimsOnStart) {
      await this.#client.$executeRawUnsafe(
        `update "${this.schema}"."_outbox" set claimed_until = null, claimed_by = null
         where published_at is null and claimed_until is not null`,
      );
    }
    this.#running = true;
    this.#loopDone = this.#loop();
  }

  /** Stops claiming, waits for publishes in flight, and hands back rows it claimed but did not publish. */
  async stop(): Promise<void> {
    if (!this.#running) return;
    this.#running = false;
    this.#wake?.();
    await this.#loopDone;
    await Promise.allSettled([...this.#inFlight]);
    await this.#markAgain().catch(() => {});
    await this.#client
      .$executeRawUnsafe(
        `update "${this.schema}"."_outbox" set claimed_until = null, claimed_by = null
         where claimed_by = $1 and published_at is null`,
        this.#relayId,
      )
      .catch((error) =>
        this.#log?.warn({ err: error, schema: this.schema }, 'could not release outbox claims'),
      );
  }

  /**
   * The lease a unit of work writes its rows with, so that it can hand them over after the commit
   * (`handOver`) instead of the relay claiming them in a round trip of its own. None while the relay is
   * stopped or has as many publishes in flight as it takes: the rows then wait for its claim.
   */
  lease(): OutboxLease | undefined {
    if (!this.#running || this.#inFlight.size >= this.#options.maxInFlight) return undefined;
    return { relayId: this.#relayId, ttlMs: this.#options.claimTtlMs };
  }

  /**
   * Publishes committed rows written under this relay's `lease`, as if it had just claimed them. Should
   * the relay have stopped meanwhile, or the process die before the confirm, their lease runs out and a
   * relay claims them then: at least once, as for every claim.
   */
  handOver(events: readonly EventEnvelope[]): void {
    if (!this.#running) return;
    for (const event of events) void this.#track(this.#publishRow({ id: event.id, envelope: event }));
  }

  /** Wakes the relay now: called once a unit of work that wrote outbox rows has committed. */
  nudge(): void {
    if (!this.#running) return;
    this.#wakeNow();
  }

  /**
   * Publishes every row pending now and resolves once each is confirmed and marked sent; rejects if
   * some could not be published. Handy in tests and at shutdown; works whether or not the relay runs.
   */
  async flush(): Promise<void> {
    let failed = 0;
    for (;;) {
      const rows = await this.#claim(this.#options.batchSize);
      if (rows.length === 0) break;
      const results = await Promise.all(rows.map((row) => this.#track(this.#publishRow(row))));
      failed += results.filter((ok) => !ok).length;
    }
    const others = await Promise.all([...this.#inFlight]);
    failed += others.filter((ok) => !ok).length;
    if (failed > 0)
      throw new Error(`${failed} outbox event(s) of '${this.schema}' could not be published yet`);
  }

  /** Rows not yet confirmed by the bus. */
  async backlog(): Promise<number> {
    const rows = await this.#client.$queryRawUnsafe<{ n: number }[]>(
      `select count(*)::int as n from "${this.schema}"."_outbox" where published_at is null`,
    );
    return rows[0]?.n ?? 0;
  }

  #wakeNow(): void {
    this.#wakeRequested = true;
    this.#wake?.();
  }

  async #loop(): Promise<void> {
    let idleBackoff = 0;
    while (this.#running) {
      try {
        if (this.#inFlight.size >= this.#options.maxInFlight) {
          await Promise.race(this.#inFlight);
          continue;
        }
        this.#wakeRequested = false;
        await this.#markAgain();
        const room = Math.min(this.#options.batchSize, this.#options.maxInFlight - this.#inFlight.size);
        const rows = await this.#claim(room);
        for (const row of rows) void this.#track(this.#publishRow(row));
        idleBackoff = 0;
        if (rows.length === room) continue;
        await this.#cleanupOccasionally();
        await this.#sleep(this.#options.pollIntervalMs);
      } catch (error) {
        // The database is unreachable or restarting: keep trying, a little slower each time.
        idleBackoff = Math.min(this.#options.maxRetryDelayMs, Math.max(100, idleBackoff * 2));
        this.#log?.warn({ err: error, schema: this.schema }, 'outbox relay could not reach its outbox');
        await this.#sleep(idleBackoff);
      }
    }
  }

  #sleep(ms: number): Promise<void> {
    if (this.#wakeRequested || !this.#running) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = () => {
        this.#wake = undefined;
        done();
      };
    });
  }

  #track(publish: Promise<boolean>): Promise<boolean> {
    this.#inFlight.add(publish);
    void publish.finally(() => {
      this.#inFlight.delete(publish);
      // A freed slot may let a relay waiting at maxInFlight go on.
    });
    return publish;
  }

  async #claim(limit: number): Promise<ClaimedRow[]> {
    if (limit <= 0) return [];
    return this.#client.$queryRawUnsafe<ClaimedRow[]>(
      `update "${this.schema}"."_outbox" o
         set claimed_until = now() + ($2::int * interval '1 millisecond'), claimed_by = $3,
             attempts = o.attempts + 1
       where o.seq in (
         select seq from "${this.schema}"."_outbox"
         where published_at is null and (claimed_until is null or claimed_until < now())
         order by seq limit $1 for update skip locked)
       returning o.id::text as id, o.envelope::text as envelope`,
      limit,
      this.#options.claimTtlMs,
      this.#relayId,
    );
  }

  /** Publishes one row; true once the bus confirmed it and the row is marked sent. */
  async #publishRow(row: ClaimedRow): Promise<boolean> {
    try {
      const event = typeof row.envelope === 'string' ? parseEnvelope(JSON.parse(row.envelope)) : row.envelope;
      await this.#bus.publish(event);
    } catch (error) {
      this.#log?.warn(
        { err: error, schema: this.schema, eventId: row.id },
        'outbox publish failed; will retry',
      );
      await this.#client
        .$executeRawUnsafe(
          // The lease becomes the retry delay: 100 ms, doubling per failed attempt, capped.
          `update "${this.schema}"."_outbox"
             set last_error = $2, claimed_by = null,
                 claimed_until = now() + least($3::int, 100 * power(2, least(attempts, 20))::int)
                   * interval '1 millisecond'
           where id = $1::uuid and published_at is null`,
          row.id,
          describeError(error),
          this.#options.maxRetryDelayMs,
        )
        .catch(() => {});
      return false;
    }
    try {
      await this.#markPublished(row.id);
      return true;
    } catch (error) {
      // Published but not marked: the relay marks it again on its next round, which the database's
      // return ends. Should this process die first, it is published again after the lease and
      // deduplicated downstream.
      this.#log?.warn({ err: error, schema: this.schema, eventId: row.id }, 'could not mark outbox row sent');
      this.#unmarked.add(row.id);
      return false;
    }
  }

  /** Marks the rows whose mark failed; throws, keeping them, while the database is still away. */
  async #markAgain(): Promise<void> {
    if (this.#unmarked.size === 0) return;
    const ids = [...this.#unmarked];
    this.#unmarked.clear();
    try {
      await Promise.all(ids.map((id) => this.#markPublished(id)));
    } catch (error) {
      for (const id of ids) this.#unmarked.add(id);
      throw error;
    }
  }

  /** Marks rows sent in batches: one update per tick instead of one per event. */
  #markPublished(id: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#pendingMarks.set(id, { resolve, reject });
      if (this.#markScheduled) return;
      this.#markScheduled = true;
      setImmediate(() => void this.#writeMarks());
    });
  }

  async #writeMarks(): Promise<void> {
    this.#markScheduled = false;
    const batch = new Map(this.#pendingMarks);
    this.#pendingMarks.clear();
    try {
      // One statement: the rows of purged heroes go, the others are marked sent. Both halves read the same
      // snapshot, so they take disjoint rows; a row flagged meanwhile (a purge) is left pending, published
      // again after its lease and deleted then. The ids go in as one array (`= any`), which the planner
      // looks up by the id's index; as a set it guessed a hundred rows and, for an outbox of a few
      // thousand, read the whole table to join them.
      await this.#client.$executeRawUnsafe(
        `with forgotten as (
           delete from "${this.schema}"."_outbox"
           where forget_on_publish and id = any(array(select jsonb_array_elements_text($1::jsonb)::uuid)))
         update "${this.schema}"."_outbox"
           set published_at = now(), claimed_until = null, claimed_by = null, last_error = null
         where not forget_on_publish and id = any(array(select jsonb_array_elements_text($1::jsonb)::uuid))`,
        JSON.stringify([...batch.keys()]),
      );
      for (const waiter of batch.values()) waiter.resolve();
    } catch (error) {
      for (const waiter of batch.values()) waiter.reject(error);
    }
  }

  /** Every ten minutes: drops published outbox rows and old inbox rows past their retention. */
  async #cleanupOccasionally(): Promise<void> {
    if (Date.now() - this.#lastCleanup < 600_000) return;
    this.#lastCleanup = Date.now();
    const { retainPublishedMs, retainInboxMs } = this.#options;
    if (retainPublishedMs > 0) {
      await this.#client.$executeRawUnsafe(
        `delete from "${this.schema}"."_outbox"
         where published_at is not null and published_at < now() - ($1::bigint * interval '1 millisecond')`,
        retainPublishedMs,
      );
    }
    if (retainInboxMs > 0) {
      await this.#client.$executeRawUnsafe(
        `delete from "${this.schema}"."_inbox" where processed_at < now() - ($1::bigint * interval '1 millisecond')`,
        retainInboxMs,
      );
    }
  }
}
