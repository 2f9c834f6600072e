import {
  createEnvelope,
  EVENT_PUBLISHERS,
  type EventEnvelope,
  type EventName,
  type EventPayloads,
  mayPublish,
} from '@lifequest/proto';
import type { Database } from '../db/database.ts';
import { isDatabaseUnavailable, wasNeverSent } from '../db/unavailable.ts';
import type { Logger } from '../logger.ts';
import { HandledWatchers, type WaitOptions } from './handled.ts';
import { registerOutboxMetrics } from './metrics.ts';
import {
  assertSchemaName,
  forgetInOutbox,
  insertOutboxRow,
  OutboxRelay,
  type RelayOptions,
} from './outbox.ts';
import type { EventBus, SqlTx, TransactionalClient } from './ports.ts';
import { sqlClient } from './sql-client.ts';

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
  /** The database the client runs on: `sqlTransaction` runs its units of work on its driver. */
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
   * A hero's erasure, inside the purge's unit of work: the events of this service's outbox that mention
   * `userId` go, those already published now and the others (the purge's own confirmation among them:
   * emit it first) once published, so the outbox's retention window keeps nothing about the hero.
   */
  forget(tx: Tx, userId: string): Promise<void>;
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

const CONSUMER_NAME = /^[a-z][a-z0-9_-]*$/;

/** How long a retry waits for the pool to notice its other dropped connections. */
const RETRY_PAUSE_MS = 25;

/** A unit of work that lost its database connection before it could commit: safe to run again. */
class UncommittedLoss extends Error {
  override readonly cause: unknown;
  constructor(cause: unknown) {
    super('database connection lost before the commit');
    this.cause = cause;
  }
}

/** The outbox, relay and inbox of one service, over its own Prisma client and schema. */
export function createServiceEvents<Tx extends SqlTx>(
  options: ServiceEventsOptions<Tx>,
): ServiceEventsRuntime<Tx> {
  const { schema, prisma, bus, log } = options;
  assertSchemaName(schema);
  const relay = new OutboxRelay(
    prisma,
    schema,
    bus,
    { releaseClaimsOnStart: bus.kind === 'in-process', ...options.relay },
    log?.child({ component: 'outbox', schema }),
  );
  const txOptions = { maxWait: 10_000, timeout: 30_000, ...options.transactionOptions };
  let unregisterMetrics: (() => void) | undefined;
  const watchers = new HandledWatchers();
  const channel = `${schema}_handled`;
  const notifications = channel.length <= 63 ? options.notifications : undefined;
  let listening: Promise<unknown> | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  let stopped = false;
  /** LISTENs on the schema's channel once, on the first wait; after a failure or a loss, on the next. */
  const listen = (): Promise<unknown> => {
    if (!notifications || stopped) return Promise.resolve();
    listening ??= notifications
      .listen(
        channel,
        (payload) => watchers.notified(payload),
        (error) => {
          log?.warn({ err: error, channel }, 'lost the handled-events notifications; polling until back');
          listening = undefined;
          stopListening = undefined;
        },
      )
      .then(
        async (stop) => {
          stopListening = stop;
          if (stopped) await stop();
        },
        (error) => {
          log?.warn({ err: error, channel }, 'could not listen for handled events; polling instead');
          // Tried again by a later wait, not by every one: this one and those before it poll.
          setTimeout(() => {
            listening = undefined;
          }, 5_000).unref();
        },
      );
    return listening;
  };
  const hasHandled = async (consumer: string, eventIds: readonly string[]): Promise<boolean> => {
    if (eventIds.length === 0) return true;
    const rows = await prisma.$queryRawUnsafe<{ n: number }[]>(
      `select count(*)::int as n from "${schema}"."_inbox"
       where consumer = $1 and event_id::text in (select jsonb_array_elements_text($2::jsonb))`,
      consumer,
      JSON.stringify(eventIds),
    );
    return (rows[0]?.n ?? 0) >= new Set(eventIds).size;
  };

  /**
   * Runs `fn` with an `emit` bound to `tx`. Its events are written leased to the running relay, which
   * gets them after the commit and publishes them at once (without claiming them again); without a lease
   * (relay stopped or full) the relay is told to claim them.
   * When the database drops the connection before `fn` has returned (BEGIN failed, or a statement of
   * `fn`, or a COMMIT that node-postgres never sent), nothing was committed, and the whole unit runs
   * once more on a fresh connection. A connection lost while the COMMIT was on its way is not retried:
   * the commit may have happened, so the error goes to the caller (503 SERVICE_UNAVAILABLE), who may
   * look and try again.
   */
  const unitOfWorkOn = <T extends SqlTx>(client: TransactionalClient<T>) => {
    const attempt = async <R>(fn: (tx: T, emit: Emit) => Promise<R>): Promise<R> => {
      let emitted = 0;
      let returned = false;
      const leased: EventEnvelope[] = [];
      const result = await client
        .$transaction(async (tx) => {
          const emit: Emit = async (name, payload, actorId) => {
            if (!mayPublish(options.publisher, name)) {
              throw new Error(
                `The ${options.publisher} module may not emit ${name}: its publisher is ${String(EVENT_PUBLISHERS[name])} (proto's EVENT_PUBLISHERS)`,
              );
            }
            const event = createEnvelope(name, payload, actorId);
            const lease = relay.lease();
            await insertOutboxRow(tx, schema, event, lease);
            if (lease) leased.push(event as EventEnvelope);
            emitted++;
            return event;
          };
          const value = await fn(tx, emit);
          returned = true;
          return value;
        }, txOptions)
        .catch((error: unknown) => {
          const uncommitted = !returned || wasNeverSent(error);
          throw uncommitted && isDatabaseUnavailable(error) ? new UncommittedLoss(error) : error;
        });
      if (leased.length > 0) relay.handOver(leased);
      if (emitted > leased.length) relay.nudge();
      return result;
    };
    return async <R>(fn: (tx: T, emit: Emit) => Promise<R>): Promise<R> => {
      try {
        return await attempt(fn);
      } catch (error) {
        if (!(error instanceof UncommittedLoss)) throw error;
        log?.warn(
          { err: error.cause },
          'database connection lost before the commit; running the unit of work again',
        );
        await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
        try {
          return await attempt(fn);
        } catch (again) {
          throw again instanceof UncommittedLoss ? again.cause : again;
        }
      }
    };
  };
  const unitOfWork = unitOfWorkOn(prisma);
  const driver = options.database ? unitOfWorkOn(sqlClient(options.database)) : undefined;

  /** subscribe (and subscribeSql): each event's inbox row and effect in one unit of work of `run`. */
  const subscribeOn = async <T extends SqlTx, N extends EventName>(
    run: <R>(fn: (tx: T, emit: Emit) => Promise<R>) => Promise<R>,
    consumer: string,
    names: readonly N[],
    handler: ConsumerHandler<N, T>,
    subscribeOptions: SubscribeOptions = {},
  ): Promise<void> => {
    if (!CONSUMER_NAME.test(consumer)) throw new Error(`Invalid consumer name '${consumer}'`);
    const undeclared = options.subscribes ? names.filter((n) => !options.subscribes!.includes(n)) : [];
    if (undeclared.length > 0) {
      throw new Error(
        `The ${schema} module consumes ${undeclared.join(', ')} without declaring it in its module's subscribes`,
      );
    }
    // An awaited consumer's inbox insert also announces the event, delivered by the commit.
    const announce = subscribeOptions.awaited === true && notifications !== undefined;
    const insertInbox = announce
      ? `with inserted as (
           insert into "${schema}"."_inbox" (consumer, event_id) values ($1, $2::uuid)
           on conflict do nothing returning event_id)
         select event_id, pg_notify($3, $1 || ' ' || event_id::text) is null as quiet from inserted`
      : `insert into "${schema}"."_inbox" (consumer, event_id) values ($1, $2::uuid)
         on conflict do nothing returning event_id`;
    await bus.subscribe(consumer, names, async (event) => {
      await run(async (tx, emit) => {
        const inserted = await tx.$queryRawUnsafe<unknown[]>(
          insertInbox,
          consumer,
          event.id,
          ...(announce ? [channel] : []),
        );
        if (inserted.length === 0) {
          log?.debug({ consumer, eventId: event.id, name: event.name }, 'duplicate event skipped');
          return;
        }
        // The bus only hands this handler the names it subscribed to.
        await handler(event as EventEnvelope<(typeof names)[number]>, tx, emit);
      });
      // Committed (or seen before): whoever waits for it in this process may answer now.
      watchers.handled(consumer, event.id);
    });
  };

  return {
    schema,
    transaction: unitOfWork,
    sqlTransaction(fn) {
      if (!driver) throw new Error(`The ${schema} module's events were made without the database`);
      return driver(fn);
    },
    subscribe: (consumer, names, handler, subscribeOptions) =>
      subscribeOn(unitOfWork, consumer, names, handler, subscribeOptions),
    subscribeSql(consumer, names, handler, subscribeOptions) {
      if (!driver) throw new Error(`The ${schema} module's events were made without the database`);
      return subscribeOn(driver, consumer, names, handler, subscribeOptions);
    },
    hasHandled,
    waitUntilHandled: (consumer, eventIds, waitOptions) =>
      watchers.wait(consumer, eventIds, waitOptions, {
        ready: listen,
        look: (ids) => hasHandled(consumer, ids),
      }),
    forget: (tx, userId) => forgetInOutbox(tx, schema, userId),
    async start() {
      stopped = false;
      unregisterMetrics ??= registerOutboxMetrics(relay);
      await relay.start();
    },
    async stop() {
      unregisterMetrics?.();
      unregisterMetrics = undefined;
      stopped = true;
      await listening;
      await stopListening?.();
      stopListening = undefined;
      await relay.stop();
    },
    flush: () => relay.flush(),
    backlog: () => relay.backlog(),
  };
}
