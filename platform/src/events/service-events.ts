import type { EventEnvelope, EventName, EventPayloads } from '@lifequest/proto';
import type { Database } from '../db/database.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { Logger } from '../logger.ts';
import { HandledWatchers, type WaitOptions } from './handled.ts';
import { HandledNotifications } from './handled-notifications.ts';
import { hasHandled, type InboxOptions, subscribeThroughInbox } from './inbox.ts';
import { registerOutboxMetrics } from './metrics.ts';
import { assertSchemaName, OutboxRelay, purgeFromOutbox, type RelayOptions } from './outbox.ts';
import type { EventBus, SqlTx, TransactionalClient } from './ports.ts';
import { sqlClient } from './sql-client.ts';
import { type UnitOfWork, type UnitOfWorkOptions, unitOfWorkOn } from './unit-of-work.ts';

export interface ServiceEventsOptions<Tx extends SqlTx> {
  /** The service's own Postgres schema: its `_outbox` and `_inbox` live there. */
  schema: string;
  /** The module whose events these are: `emit` refuses any event EVENT_PUBLISHERS gives another service. */
  publisher: string;
  /** The service's generated PrismaClient (or `sqlClient(db)`). */
  prisma: TransactionalClient<Tx>;
  bus: EventBus;
  log?: Logger;
  relay?: Partial<RelayOptions>;
  /** The only event names `subscribe` takes (the module's declared `subscribes`); unset takes any. */
  subscribes?: readonly EventName[];
  /** Passed to every `$transaction`; PGlite runs one transaction at a time, so be generous. */
  transactionOptions?: { maxWait?: number; timeout?: number };
  /**
   * The database the client runs on: `sqlTransaction` runs its units of work on its driver, and so do
   * the platform's own statements (the relay's, the inbox looks of `hasHandled` and `waitUntilHandled`).
   */
  database?: Database;
  /**
   * The database's LISTEN/NOTIFY, when other processes may consume this schema's events (PostgreSQL):
   * `awaited` subscriptions announce each handled event there, and `waitUntilHandled` listens.
   */
  notifications?: Pick<Database, 'listen'>;
}

export interface SubscribeOptions {
  /**
   * Someone waits for this consumer's progress (`waitUntilHandled`), possibly in another replica: each
   * handled event is also announced through the database's NOTIFY, sent by its commit.
   */
  awaited?: boolean;
  /**
   * Runs once the event's unit of work has committed (or was found handled before, on a redelivery),
   * before the delivery is acknowledged: for an effect outside the database that must follow the
   * committed rows and must not hold the transaction open (a purge's Redis keys). A throw fails the
   * delivery, which the bus retries (the inbox skips the handler then, not this).
   */
  afterCommit?: (event: EventEnvelope) => Promise<void>;
  /**
   * A row the handler works under (one hero's events one at a time), locked FOR UPDATE by the statement
   * that writes the event's inbox row: the handler starts holding it, a round trip sooner than locking
   * it itself. `table` is `schema.table` with a uuid primary key `id`; `key` names the row. An event
   * seen before locks nothing; a row that does not exist is not an error (the handler finds it gone).
   */
  lock?: { table: string; key: (event: EventEnvelope) => string };
}

/**
 * Writes an event into the outbox inside the current unit of work: validated against its zod schema in
 * proto (an invalid event throws, rolling the change back), committed or rolled back with the change.
 * Only the event's publisher (proto's EVENT_PUBLISHERS) may emit it; any other module's emit throws.
 */
export type Emit = <N extends EventName>(
  name: N,
  payload: EventPayloads[N],
  actorId: string | null,
) => Promise<EventEnvelope<N>>;

export type ConsumerHandler<N extends EventName, Tx> = (
  event: EventEnvelope<N>,
  tx: Tx,
  emit: Emit,
) => Promise<void>;

/** What a service sees of its events: one unit of work to change state and publish, and its consumers. */
export interface ServiceEvents<Tx extends SqlTx> {
  readonly schema: string;
  /**
   * The one way to change state and publish: runs `fn` in a transaction on the service's client; the
   * effect and every event it `emit`s commit together (or neither does), then the relay is told once.
   */
  transaction<R>(fn: (tx: Tx, emit: Emit) => Promise<R>): Promise<R>;
  /**
   * The same unit of work in SQL on the database's driver, without the service's Prisma client: for a
   * hot path written as a few statements (each one through Prisma costs its client's planning and
   * mapping, most of a short transaction's time).
   */
  sqlTransaction<R>(fn: (tx: SqlTx, emit: Emit) => Promise<R>): Promise<R>;
  /**
   * Consumes `names` as `consumer` (normally the service's name). For each event the platform opens a
   * transaction on this service's client, writes the inbox row (consumer, eventId) and runs `handler`
   * in the same transaction (events it emits commit with it); an event seen before is skipped. A throwing
   * handler rolls back all of it, and the bus retries it, then dead-letters it.
   */
  subscribe<N extends EventName>(
    consumer: string,
    names: readonly N[],
    handler: ConsumerHandler<N, Tx>,
    options?: SubscribeOptions,
  ): Promise<void>;
  /**
   * `subscribe` with each event's unit of work on the database's driver (see `sqlTransaction`): for a
   * consumer on the hot path, written as a few SQL statements.
   */
  subscribeSql<N extends EventName>(
    consumer: string,
    names: readonly N[],
    handler: ConsumerHandler<N, SqlTx>,
    options?: SubscribeOptions,
  ): Promise<void>;
  /** Whether `consumer` has handled every one of these events (their effects are committed). */
  hasHandled(consumer: string, eventIds: readonly string[]): Promise<boolean>;
  /**
   * Resolves true once `consumer` has handled every one of these events (their effects committed), false
   * when `timeoutMs` ran out first. Woken at once when this process handled them, through the database's
   * NOTIFY when another replica did (an `awaited` subscription), and else by looking in the inbox again
   * after 2 ms, the pause doubling up to `maxPollMs` (see handled.ts).
   */
  waitUntilHandled(consumer: string, eventIds: readonly string[], options: WaitOptions): Promise<boolean>;
  /**
   * A hero's purge, inside its unit of work (see purge.ts): the events of this service's outbox that
   * mention `userId` go, those already published now and the others (the purge's own confirmation among
   * them: emit it first) once published, so the outbox's retention window keeps nothing about the hero.
   */
  purgeOutbox(tx: Tx, userId: string): Promise<void>;
}

/** The runtime's handle on a service's events: what the service sees, plus the relay's lifecycle. */
export interface ServiceEventsRuntime<Tx extends SqlTx> extends ServiceEvents<Tx> {
  /** Starts the relay (the runtime calls it once every module subscribed). */
  start(): Promise<void>;
  /** Stops the relay; before the bus and the database close. */
  stop(): Promise<void>;
  /** Publishes everything pending now; resolves when confirmed. */
  flush(): Promise<void>;
  /** Outbox rows not yet confirmed by the bus. */
  backlog(): Promise<number>;
}

/** The outbox, relay and inbox of one service, over its own Prisma client and schema. */
export function createServiceEvents<Tx extends SqlTx>(
  options: ServiceEventsOptions<Tx>,
): ServiceEventsRuntime<Tx> {
  const { schema, prisma, bus, log } = options;
  assertSchemaName(schema);
  // The platform's own SQL on the driver when the database is known: through a Prisma client each
  // statement also costs the client's planning and mapping, most of what auth allocates per toggle
  // (docs/performance.md#memory).
  const own = options.database ? sqlClient(options.database) : prisma;
  const relay = new OutboxRelay(
    own,
    schema,
    bus,
    { releaseClaimsOnStart: bus.kind === 'in-process', ...options.relay },
    log?.child({ component: 'outbox', schema }),
  );
  const units: UnitOfWorkOptions = {
    schema,
    publisher: options.publisher,
    relay,
    txOptions: { maxWait: 10_000, timeout: 30_000, ...options.transactionOptions },
    log,
  };
  const unitOfWork = unitOfWorkOn(prisma, units);
  const driver = options.database ? unitOfWorkOn(sqlClient(options.database), units) : undefined;
  const onDriver = <T>(use: (run: UnitOfWork<SqlTx>) => T): T => {
    if (!driver) throw new Error(`The ${schema} module's events were made without the database`);
    return use(driver);
  };
  const watchers = new HandledWatchers();
  const notifications = new HandledNotifications(schema, options.notifications, watchers, log);
  const inbox: InboxOptions = {
    schema,
    bus,
    subscribes: options.subscribes,
    watchers,
    channel: notifications.channel,
    log,
  };
  let unregisterMetrics: (() => void) | undefined;

  return {
    schema,
    transaction: unitOfWork,
    sqlTransaction: (fn) => onDriver((run) => run(fn)),
    subscribe: (consumer, names, handler, subscribeOptions) =>
      subscribeThroughInbox(inbox, unitOfWork, consumer, names, handler, subscribeOptions),
    subscribeSql: (consumer, names, handler, subscribeOptions) =>
      onDriver((run) => subscribeThroughInbox(inbox, run, consumer, names, handler, subscribeOptions)),
    hasHandled: (consumer, eventIds) => hasHandled(own, schema, consumer, eventIds),
    waitUntilHandled: (consumer, eventIds, waitOptions) =>
      watchers.wait(consumer, eventIds, waitOptions, {
        ready: () => notifications.listen(),
        look: (ids) => lookAgainIfDropped(() => hasHandled(own, schema, consumer, ids)),
      }),
    purgeOutbox: (tx, userId) => purgeFromOutbox(tx, schema, userId),
    async start() {
      notifications.start();
      unregisterMetrics ??= registerOutboxMetrics(relay);
      await relay.start();
    },
    async stop() {
      unregisterMetrics?.();
      unregisterMetrics = undefined;
      await notifications.stop();
      await relay.stop();
    },
    flush: () => relay.flush(),
    backlog: () => relay.backlog(),
  };
}

/**
 * A waiter's look in the inbox, tried once more after a pause when the database dropped the connection
 * (a read, so safe to repeat; the pool replaces the connection meanwhile), as Prisma's reads are.
 */
async function lookAgainIfDropped(look: () => Promise<boolean>): Promise<boolean> {
  try {
    return await look();
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    await new Promise((resolve) => setTimeout(resolve, LOOK_RETRY_PAUSE_MS));
    return look();
  }
}

const LOOK_RETRY_PAUSE_MS = 25;
