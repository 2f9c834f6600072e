import type { Message } from 'amqplib';
import type { DeadLetter } from '../ports.ts';
import type { Live, RabbitMqConnection } from './connection.ts';
import { ATTEMPT, copyProperties, DEAD_AT, ERROR } from './consumer.ts';
import { type ConsumerQueues, queueDepth } from './topology.ts';

/** Up to `limit` dead letters of a consumer, left in place: closing the channel hands them back in order. */
export async function listDeadLetters(
  live: Live,
  consumer: string,
  queues: ConsumerQueues,
  limit: number,
): Promise<DeadLetter[]> {
  if ((await queueDepth(live.model, queues.dlq)) === null) return [];
  const channel = await live.model.createChannel();
  channel.on('error', () => {});
  const letters: DeadLetter[] = [];
  try {
    while (letters.length < limit) {
      const message = await channel.get(queues.dlq, { noAck: false });
      if (!message) break;
      letters.push(toDeadLetter(consumer, message));
    }
  } finally {
    // Closing the channel hands every message we held back to the queue, in place.
    await channel.close().catch(() => {});
  }
  return letters;
}

/**
 * Puts a consumer's dead letters (all, or those of `wanted` event ids) back on its queue with fresh
 * attempts; each is acked off the dead-letter queue only once the broker confirmed its copy.
 */
export async function replayDeadLetters(
  connection: RabbitMqConnection,
  live: Live,
  consumer: string,
  queues: ConsumerQueues,
  wanted: ReadonlySet<string> | undefined,
): Promise<number> {
  if ((await queueDepth(live.model, queues.dlq)) === null) return 0;
  if ((await queueDepth(live.model, queues.main)) === null) {
    throw new Error(`Queue ${queues.main} does not exist: has the '${consumer}' service ever started?`);
  }
  const channel = await live.model.createChannel();
  channel.on('error', () => {});
  let replayed = 0;
  try {
    for (;;) {
      const message = await channel.get(queues.dlq, { noAck: false });
      if (!message) break;
      const id = message.properties.messageId as string | undefined;
      if (wanted && !(id && wanted.has(id))) continue;
      const headers = { ...message.properties.headers, [ATTEMPT]: 1 };
      await connection.send(live, (pub, done) =>
        pub.sendToQueue(queues.main, message.content, { ...copyProperties(message), headers }, done),
      );
      channel.ack(message);
      replayed++;
    }
  } finally {
    await channel.close().catch(() => {});
  }
  return replayed;
}

/**
 * Acks off the dead-letter queue every message whose content or error names `value`; the others are
 * held, then handed back in place when the channel closes.
 */
export async function forgetDeadLetters(live: Live, queues: ConsumerQueues, value: string): Promise<number> {
  if (!value || (await queueDepth(live.model, queues.dlq)) === null) return 0;
  const needle = value.toLowerCase();
  const channel = await live.model.createChannel();
  channel.on('error', () => {});
  let forgotten = 0;
  try {
    for (;;) {
      const message = await channel.get(queues.dlq, { noAck: false });
      if (!message) break;
      const error = String(message.properties.headers?.[ERROR] ?? '');
      if (!`${message.content.toString('utf8')} ${error}`.toLowerCase().includes(needle)) continue;
      channel.ack(message);
      forgotten++;
    }
  } finally {
    await channel.close().catch(() => {});
  }
  return forgotten;
}

function toDeadLetter(consumer: string, message: Message): DeadLetter {
  const headers = message.properties.headers ?? {};
  const text = message.content.toString('utf8');
  let event: unknown = text;
  try {
    event = JSON.parse(text);
  } catch {
    // Kept as the raw text it arrived as.
  }
  const parsed = (typeof event === 'object' && event !== null ? event : {}) as Record<string, unknown>;
  return {
    consumer,
    eventId:
      (message.properties.messageId as string | undefined) ??
      (typeof parsed.id === 'string' ? parsed.id : null),
    eventName:
      (message.properties.type as string | undefined) ??
      (typeof parsed.name === 'string' ? parsed.name : null),
    event,
    error: String(headers[ERROR] ?? 'unknown'),
    attempts: Number(headers[ATTEMPT] ?? 1),
    deadAt: String(headers[DEAD_AT] ?? ''),
  };
}
