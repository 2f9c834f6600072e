import type { EventName } from '@lifequest/proto';
import amqp, { type Channel, type ChannelModel } from 'amqplib';
import { backoffDelays, DEFAULT_RETRY, type RetryPolicy } from '../retry.ts';

/**
 * The RabbitMQ names of one consumer's queues: its queue, one retry queue per backoff step (RabbitMQ
 * only expires messages at a queue's head, so each delay needs its own) and its dead-letter queue.
 */
export function consumerQueues(prefix: string, consumer: string, retry: RetryPolicy) {
  const main = `${prefix}.${consumer}`;
  return {
    main,
    dlq: `${main}.dlq`,
    retries: backoffDelays(retry).map((delay) => ({ delay, name: `${main}.retry.${delay}ms` })),
  };
}

export type ConsumerQueues = ReturnType<typeof consumerQueues>;

/** The one durable topic exchange every event goes through, routed by its name. */
export function exchangeName(prefix: string): string {
  return `${prefix}.events`;
}

/**
 * Declares a consumer's queues (idempotent): its queue, retry queues whose TTL dead-letters a message
 * back onto it, and its dead-letter queue.
 */
export async function declareConsumerQueues(channel: Channel, queues: ConsumerQueues): Promise<void> {
  await channel.assertQueue(queues.main, { durable: true });
  for (const retry of queues.retries) {
    await channel.assertQueue(retry.name, {
      durable: true,
      arguments: {
        'x-message-ttl': retry.delay,
        'x-dead-letter-exchange': '',
        'x-dead-letter-routing-key': queues.main,
      },
    });
  }
  await channel.assertQueue(queues.dlq, { durable: true });
}

/** Binds the names not bound yet (`bound`, updated) to the consumer's queue. */
export async function bindEvents(
  channel: Channel,
  exchange: string,
  queue: string,
  names: Iterable<EventName>,
  bound: Set<EventName>,
): Promise<void> {
  for (const name of names) {
    if (bound.has(name)) continue;
    await channel.bindQueue(queue, exchange, name);
    bound.add(name);
  }
}

/**
 * How many messages wait in `queue`, or null when it does not exist. A missing queue makes the broker
 * close the channel, so each check gets a channel of its own.
 */
export async function queueDepth(model: ChannelModel, queue: string): Promise<number | null> {
  const channel = await model.createChannel();
  channel.on('error', () => {});
  try {
    return (await channel.checkQueue(queue)).messageCount;
  } catch {
    return null;
  } finally {
    await channel.close().catch(() => {});
  }
}

/** Deletes the given consumers' queues and the exchange. */
export async function deleteTopology(
  model: ChannelModel,
  prefix: string,
  retry: RetryPolicy,
  consumers: readonly string[],
): Promise<void> {
  const channel = await model.createChannel();
  channel.on('error', () => {});
  try {
    for (const consumer of consumers) {
      const q = consumerQueues(prefix, consumer, retry);
      for (const name of [q.main, q.dlq, ...q.retries.map((r) => r.name)]) await channel.deleteQueue(name);
    }
    await channel.deleteExchange(exchangeName(prefix));
  } finally {
    await channel.close().catch(() => {});
  }
}

/**
 * Deletes the exchange and the given consumers' queues of one prefix: a test run or a benchmark cleaning
 * up after itself. The retry policy names the retry queues: pass the one the buses had.
 */
export async function deleteRabbitMqTopology(
  options: { url: string; prefix: string; retry?: Partial<RetryPolicy> },
  consumers: readonly string[],
): Promise<void> {
  const model = await amqp.connect(options.url);
  try {
    await deleteTopology(model, options.prefix, { ...DEFAULT_RETRY, ...options.retry }, consumers);
  } finally {
    await model.close().catch(() => {});
  }
}
