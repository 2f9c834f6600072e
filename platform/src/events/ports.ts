import type { EventEnvelope, EventName } from '@lifequest/proto';

/**
 * What a Prisma client or interactive-transaction client can do that the platform needs: raw SQL.
 * Every generated PrismaClient and every `$transaction(async (tx) => ...)` tx satisfies it.
 */
export interface SqlTx {
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

export type EventHandler = (event: EventEnvelope) => Promise<void>;

export interface DeadLetter {
  consumer: string;
  event: EventEnvelope;
  error: string;
  attempts: number;
  deadAt: string;
}

/**
 * The event bus port (eShop's IEventBus). RabbitMQ in distributed mode, in-process when embedded;
 * both keep the same semantics: durable per-consumer queues, at-least-once delivery, retry with backoff,
 * then a per-consumer dead-letter queue an operator can replay.
 */
export interface EventBus {
  readonly kind: 'rabbitmq' | 'in-process';
  /** Resolves only once the broker holds the event durably (publisher confirm). */
  publish(event: EventEnvelope): Promise<void>;
  /** Declares the consumer's durable queue bound to `names` and starts delivering to `handler`. */
  subscribe(consumer: string, names: readonly EventName[], handler: EventHandler): Promise<void>;
  listDeadLetters(consumer: string): Promise<DeadLetter[]>;
  /** Moves dead letters back onto the consumer's queue; returns how many were replayed. */
  replayDeadLetters(consumer: string): Promise<number>;
  close(): Promise<void>;
}
