import type { EventEnvelope, EventName } from '@lifequest/proto';

/**
 * What a Prisma client or interactive-transaction client can do that the platform needs: raw SQL.
 * Every generated PrismaClient and every `$transaction(async (tx) => ...)` tx satisfies it.
 */
export interface SqlTx {
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

/** A client that can open an interactive transaction: any generated PrismaClient, or `sqlClient(db)`. */
export interface TransactionalClient<Tx extends SqlTx = SqlTx> extends SqlTx {
  $transaction<R>(fn: (tx: Tx) => Promise<R>, options?: { maxWait?: number; timeout?: number }): Promise<R>;
}

export type EventHandler = (event: EventEnvelope) => Promise<void>;

/** An event a consumer gave up on after its last attempt, kept for an operator to inspect and replay. */
export interface DeadLetter {
  consumer: string;
  eventId: string | null;
  eventName: string | null;
  /** The envelope as received; a message that was not even a valid envelope is kept as it came. */
  event: EventEnvelope | unknown;
  error: string;
  attempts: number;
  deadAt: string;
}

export interface ConsumerStats {
  consumer: string;
  /** Events waiting for (or being retried by) the consumer. */
  queued: number;
  deadLetters: number;
}

/**
 * The event bus port (eShop's IEventBus). RabbitMQ in distributed mode, in-process when embedded;
 * both keep the same semantics: durable per-consumer queues, at-least-once delivery, retry with backoff,
 * then a per-consumer dead-letter queue an operator can replay.
 */
export interface EventBus {
  readonly kind: 'rabbitmq' | 'in-process';
  /**
   * Resolves only once the event is safe: the broker holds it durably (publisher confirm), or, in-process,
   * every bound consumer has handled or dead-lettered it. Rejects on an envelope that fails its schema.
   */
  publish(event: EventEnvelope): Promise<void>;
  /**
   * Declares the consumer's durable queue bound to `names` and starts delivering to `handler`. A consumer
   * may subscribe several times with different names (one queue, one handler per name).
   */
  subscribe(consumer: string, names: readonly EventName[], handler: EventHandler): Promise<void>;
  listDeadLetters(consumer: string, options?: { limit?: number }): Promise<DeadLetter[]>;
  /**
   * Moves dead letters (all, or those with the given event ids) back onto the consumer's own queue,
   * each with a fresh set of attempts; returns how many were replayed.
   */
  replayDeadLetters(consumer: string, options?: { eventIds?: readonly string[] }): Promise<number>;
  /**
   * Drops the consumer's dead letters whose event or error names `value` (case-insensitive): a deleted
   * hero's (docs/features/data-ownership.md#deletion). Returns how many went.
   */
  forgetDeadLetters(consumer: string, value: string): Promise<number>;
  /** Queue depth and dead letters per consumer: the ones given, or those subscribed in this process. */
  stats(consumers?: readonly string[]): Promise<ConsumerStats[]>;
  close(): Promise<void>;
}
