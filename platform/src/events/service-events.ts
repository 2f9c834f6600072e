import { createEnvelope, type EventEnvelope, type EventName, type EventPayloads } from '@lifequest/proto';
import type { Logger } from '../logger.ts';
import { registerOutboxMetrics } from './metrics.ts';
import { assertSchemaName, insertOutboxRow, OutboxRelay, type RelayOptions } from './outbox.ts';
import type { EventBus, SqlTx, TransactionalClient } from './ports.ts';

export interface ServiceEventsOptions<Tx extends SqlTx> {
  /** The service's own Postgres schema: its `_outbox` and `_inbox` live there. */
  schema: string;
  /** The service's generated PrismaClient (or `sqlClient(db)`). */
  prisma: TransactionalClient<Tx>;
  bus: EventBus;
  log?: Logger;
  relay?: Partial<RelayOptions>;
  /** Passed to `$transaction` for each consumed event; PGlite queues transactions, so be generous. */
  transactionOptions?: { maxWait?: number; timeout?: number };
}

export type ConsumerHandler<N extends EventName, Tx> = (event: EventEnvelope<N>, tx: Tx) => Promise<void>;

export interface ServiceEvents<Tx extends SqlTx> {
  readonly schema: string;
  readonly relay: OutboxRelay;
  /**
   * Validates the payload and writes the event into the outbox inside the caller's transaction, so the
   * state change and its event commit or roll back together. Returns the envelope.
   */
  record<N extends EventName>(
    tx: SqlTx,
    name: N,
    payload: EventPayloads[N],
    actorId: string | null,
  ): Promise<EventEnvelope<N>>;
  /** `prisma.$transaction(fn)`, then a nudge so the relay publishes what `fn` recorded right away. */
  transaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R>;
  /**
   * Consumes `names` as `consumer` (normally the service's name). For each event the platform opens a
   * transaction on this service's client, writes the inbox row (consumer, eventId) and runs `handler`
   * in the same transaction; an event seen before is skipped. A throwing handler rolls back both, and
   * the bus retries it, then dead-letters it.
   */
  subscribe<N extends EventName>(
    consumer: string,
    names: readonly N[],
    handler: ConsumerHandler<N, Tx>,
  ): Promise<void>;
  /** Starts the relay (call once every module subscribed: ModuleContext.onStarted). */
  start(): Promise<void>;
  /** Stops the relay; call before the bus and the database close (ModuleContext.onClose). */
  stop(): Promise<void>;
  /** Publishes everything pending now; resolves when confirmed. */
  flush(): Promise<void>;
}

const CONSUMER_NAME = /^[a-z][a-z0-9_-]*$/;

/** The outbox, relay and inbox of one service, over its own Prisma client and schema. */
export function createServiceEvents<Tx extends SqlTx>(options: ServiceEventsOptions<Tx>): ServiceEvents<Tx> {
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

  return {
    schema,
    relay,
    async record(tx, name, payload, actorId) {
      const event = createEnvelope(name, payload, actorId);
      await insertOutboxRow(tx, schema, event);
      relay.nudge();
      return event;
    },
    async transaction(fn) {
      const result = await prisma.$transaction(fn);
      relay.nudge();
      return result;
    },
    async subscribe(consumer, names, handler) {
      if (!CONSUMER_NAME.test(consumer)) throw new Error(`Invalid consumer name '${consumer}'`);
      await bus.subscribe(consumer, names, async (event) => {
        await prisma.$transaction(async (tx) => {
          const inserted = await tx.$queryRawUnsafe<unknown[]>(
            `insert into "${schema}"."_inbox" (consumer, event_id) values ($1, $2::uuid)
             on conflict do nothing returning event_id`,
            consumer,
            event.id,
          );
          if (inserted.length === 0) {
            log?.debug({ consumer, eventId: event.id, name: event.name }, 'duplicate event skipped');
            return;
          }
          // The bus only hands this handler the names it subscribed to.
          await handler(event as EventEnvelope<(typeof names)[number]>, tx);
        }, txOptions);
      });
    },
    async start() {
      unregisterMetrics ??= registerOutboxMetrics(relay);
      await relay.start();
    },
    async stop() {
      unregisterMetrics?.();
      unregisterMetrics = undefined;
      await relay.stop();
    },
    flush: () => relay.flush(),
  };
}
