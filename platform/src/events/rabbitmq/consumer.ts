import { type EventEnvelope, parseEnvelope } from '@lifequest/proto';
import type { Channel, ConsumeMessage, Message, Options } from 'amqplib';
import type { Logger } from '../../logger.ts';
import type { EventHandler } from '../ports.ts';
import { backoffDelay, describeError, type RetryPolicy } from '../retry.ts';
import type { Live, RabbitMqConnection } from './connection.ts';
import type { ConsumerQueues } from './topology.ts';

/** Headers LifeQuest keeps on a message: its delivery attempt, the last error, when it was dead-lettered. */
export const ATTEMPT = 'x-lifequest-attempt';
export const ERROR = 'x-lifequest-error';
export const DEAD_AT = 'x-lifequest-dead-at';

/** One consumer's delivery of one message, on the connection and channel it arrived on. */
export interface Delivery {
  connection: RabbitMqConnection;
  live: Live;
  channel: Channel;
  consumer: string;
  queues: ConsumerQueues;
  retry: RetryPolicy;
  log: Logger | undefined;
  /** The consumer's handler for an event name, if it has one. */
  handlerFor(name: EventEnvelope['name']): EventHandler | undefined;
}

/**
 * Hands a message to its handler and settles it: acked once handled; else copied to the retry queue of
 * its attempt, or after the last attempt to the dead-letter queue. A message that is no valid event, or
 * that nobody handles, goes straight to the dead-letter queue: no retry fixes it, and nothing is dropped.
 */
export async function deliver(delivery: Delivery, message: ConsumeMessage): Promise<void> {
  const attempt = Number(message.properties.headers?.[ATTEMPT] ?? 1) || 1;
  let event: EventEnvelope;
  try {
    event = parseEnvelope(JSON.parse(message.content.toString('utf8')));
  } catch (error) {
    await deadLetter(delivery, message, error, attempt);
    return;
  }
  const handler = delivery.handlerFor(event.name);
  if (!handler) {
    const error = new Error(`Consumer '${delivery.consumer}' has no handler for '${event.name}'`);
    await deadLetter(delivery, message, error, attempt);
    return;
  }
  try {
    await handler(event);
  } catch (error) {
    if (attempt < delivery.retry.attempts) await retryLater(delivery, message, error, attempt);
    else await deadLetter(delivery, message, error, attempt);
    return;
  }
  safely(() => delivery.channel.ack(message));
}

async function retryLater(delivery: Delivery, message: ConsumeMessage, error: unknown, attempt: number) {
  const delay = backoffDelay(delivery.retry, attempt);
  const queue = `${delivery.queues.main}.retry.${delay}ms`;
  delivery.log?.warn(
    { err: error, consumer: delivery.consumer, messageId: message.properties.messageId, attempt, delay },
    'retrying',
  );
  const headers = { ...message.properties.headers, [ATTEMPT]: attempt + 1, [ERROR]: describeError(error) };
  await moveTo(delivery, message, queue, headers);
}

async function deadLetter(delivery: Delivery, message: ConsumeMessage, error: unknown, attempt: number) {
  delivery.log?.error(
    { err: error, consumer: delivery.consumer, messageId: message.properties.messageId, attempt },
    'event dead-lettered',
  );
  const headers = {
    ...message.properties.headers,
    [ATTEMPT]: attempt,
    [ERROR]: describeError(error),
    [DEAD_AT]: new Date().toISOString(),
  };
  await moveTo(delivery, message, delivery.queues.dlq, headers);
}

/** Re-sends a copy to `queue` and acks the original only once the broker confirmed the copy. */
async function moveTo(
  { connection, live, channel, log }: Delivery,
  message: ConsumeMessage,
  queue: string,
  headers: Record<string, unknown>,
): Promise<void> {
  try {
    await connection.send(live, (pub, done) =>
      pub.sendToQueue(queue, message.content, { ...copyProperties(message), headers }, done),
    );
  } catch (error) {
    // The copy is not safe: leave the original unacked. The broker redelivers it (now, or after a reconnect).
    log?.warn({ err: error, queue }, 'could not move a message; it will be redelivered');
    await new Promise((resolve) => setTimeout(resolve, 200));
    safely(() => channel.nack(message, false, true));
    return;
  }
  safely(() => channel.ack(message));
}

/** How an event is published: persistent, identified, first attempt. */
export function messageOptions(event: EventEnvelope): Options.Publish {
  return {
    persistent: true,
    contentType: 'application/json',
    messageId: event.id,
    type: event.name,
    timestamp: Math.floor(Date.parse(event.occurredAt) / 1000),
    headers: { [ATTEMPT]: 1 },
  };
}

/** The properties a copy of a message keeps (its headers are set by whoever moves it). */
export function copyProperties(message: Message): Options.Publish {
  const p = message.properties;
  return {
    persistent: true,
    contentType: p.contentType ?? 'application/json',
    messageId: p.messageId,
    type: p.type,
    timestamp: p.timestamp,
  };
}

/** Acks and nacks on a channel that died are moot: the broker redelivers those messages anyway. */
function safely(fn: () => void): void {
  try {
    fn();
  } catch {
    // The channel is gone; see above.
  }
}
