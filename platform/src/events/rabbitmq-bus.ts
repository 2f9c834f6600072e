import { type EventEnvelope, type EventName, parseEnvelope } from '@lifequest/proto';
import type { Logger } from '../logger.ts';
import { BusClosedError } from './in-process-bus.ts';
import type { ConsumerStats, DeadLetter, EventBus, EventHandler } from './ports.ts';
import { type AmqpConnect, amqpConnect, type Live, RabbitMqConnection } from './rabbitmq/connection.ts';
import { deliver, messageOptions } from './rabbitmq/consumer.ts';
import { forgetDeadLetters, listDeadLetters, replayDeadLetters } from './rabbitmq/dead-letters.ts';
import {
  bindEvents,
  consumerQueues,
  declareConsumerQueues,
  exchangeName,
  queueDepth,
} from './rabbitmq/topology.ts';
import { DEFAULT_RETRY, type RetryPolicy } from './retry.ts';

export { consumerQueues, deleteRabbitMqTopology } from './rabbitmq/topology.ts';

export interface RabbitMqBusOptions {
  url: string;
  /** Names every exchange and queue: `<prefix>.events`, `<prefix>.<consumer>`... Tests use a unique one. */
  prefix?: string;
  retry?: Partial<RetryPolicy>;
  /**
   * Unacknowledged deliveries per consumer, which is also how many it handles at once (each holds a
   * database connection for its transaction: keep it below the service's pool size).
   */
  prefetch?: number;
  /** How long publish and subscribe wait for a (re)connection before failing. */
  connectTimeoutMs?: number;
  /** How long a publish waits for the broker's confirm. */
  confirmTimeoutMs?: number;
  reconnectDelayMs?: { initial: number; max: number };
  heartbeatSeconds?: number;
  /** Shown by the broker (management UI, rabbitmqctl) for this connection, e.g. the service name. */
  connectionName?: string;
  /** Opens each connection; amqplib's by default (tests wrap it to cut the socket like a network failure). */
  connect?: AmqpConnect;
  log?: Logger;
}

/**
 * The event bus on RabbitMQ (amqplib): one durable topic exchange, routing key = event name; one durable
 * queue per consumer with manual ack and prefetch; persistent messages with publisher confirms.
 * A failed handler's message goes to a retry queue whose TTL dead-letters it back onto the consumer's
 * queue; after the last attempt it goes to `<prefix>.<consumer>.dlq`. Every message is re-sent and
 * confirmed before the original is acked, so a crash repeats rather than loses (the inbox drops the
 * repeat). The parts: `rabbitmq/connection.ts` (reconnecting, confirmed sends), `rabbitmq/topology.ts`
 * (exchange and queues), `rabbitmq/consumer.ts` (delivery, retry, dead-lettering) and
 * `rabbitmq/dead-letters.ts` (listing and replaying them).
 */
export class RabbitMqEventBus implements EventBus {
  readonly kind = 'rabbitmq' as const;
  readonly exchange: string;
  readonly #prefix: string;
  readonly #prefetch: number;
  readonly #retry: RetryPolicy;
  readonly #log: Logger | undefined;
  readonly #connection: RabbitMqConnection;
  readonly #handlers = new Map<string, Map<EventName, EventHandler>>();
  #topology: Promise<unknown> = Promise.resolve();
  readonly #active = new Set<Promise<void>>();

  constructor(options: RabbitMqBusOptions) {
    this.#prefix = options.prefix ?? 'lifequest';
    this.#prefetch = options.prefetch ?? 5;
    this.#retry = { ...DEFAULT_RETRY, ...options.retry };
    this.#log = options.log;
    this.exchange = exchangeName(this.#prefix);
    this.#connection = new RabbitMqConnection({
      url: options.url,
      heartbeatSeconds: options.heartbeatSeconds ?? 10,
      connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
      confirmTimeoutMs: options.confirmTimeoutMs ?? 30_000,
      reconnectDelayMs: options.reconnectDelayMs ?? { initial: 100, max: 5_000 },
      connectionName: options.connectionName ?? `lifequest ${process.pid}`,
      connect: options.connect ?? amqpConnect,
      log: options.log?.child({ exchange: this.exchange }),
      setup: async (live) => {
        await live.publisher.assertExchange(this.exchange, 'topic', { durable: true });
        await this.#serialTopology(async () => {
          for (const consumer of this.#handlers.keys()) await this.#declareConsumer(live, consumer);
        });
      },
    });
  }

  /** Connects (retrying with backoff) and resolves once the first connection is up, or fails after the timeout. */
  static async connect(options: RabbitMqBusOptions): Promise<RabbitMqEventBus> {
    const bus = new RabbitMqEventBus(options);
    try {
      await bus.#connection.get();
    } catch (error) {
      await bus.close();
      throw error;
    }
    return bus;
  }

  /** The consumers subscribed through this bus instance. */
  get subscribedConsumers(): string[] {
    return [...this.#handlers.keys()];
  }

  get connected(): boolean {
    return this.#connection.current !== undefined;
  }

  async publish(event: EventEnvelope): Promise<void> {
    const valid = parseEnvelope(event);
    const live = await this.#connection.get();
    await this.#connection.send(live, (channel, done) =>
      channel.publish(
        this.exchange,
        valid.name,
        Buffer.from(JSON.stringify(valid)),
        messageOptions(valid),
        done,
      ),
    );
  }

  async subscribe(consumer: string, names: readonly EventName[], handler: EventHandler): Promise<void> {
    if (this.#connection.closed) throw new BusClosedError();
    let handlers = this.#handlers.get(consumer);
    if (!handlers) {
      handlers = new Map();
      this.#handlers.set(consumer, handlers);
    }
    for (const name of names) {
      if (handlers.has(name)) throw new Error(`Consumer '${consumer}' already handles '${name}'`);
    }
    for (const name of names) handlers.set(name, handler);
    // Resolves once the queue and its bindings exist on the broker: events published from now on reach it.
    const live = await this.#connection.get();
    await this.#serialTopology(() => this.#declareConsumer(live, consumer));
  }

  async listDeadLetters(consumer: string, options: { limit?: number } = {}): Promise<DeadLetter[]> {
    const live = await this.#connection.get();
    return listDeadLetters(live, consumer, this.#queues(consumer), options.limit ?? 1_000);
  }

  async replayDeadLetters(consumer: string, options: { eventIds?: readonly string[] } = {}): Promise<number> {
    const wanted = options.eventIds ? new Set(options.eventIds) : undefined;
    const live = await this.#connection.get();
    return replayDeadLetters(this.#connection, live, consumer, this.#queues(consumer), wanted);
  }

  async forgetDeadLetters(consumer: string, value: string): Promise<number> {
    const live = await this.#connection.get();
    return forgetDeadLetters(live, this.#queues(consumer), value);
  }

  async stats(consumers?: readonly string[]): Promise<ConsumerStats[]> {
    // Metrics scrapes call this: answer now, never wait out a reconnection.
    const live = this.#connection.current;
    if (!live) throw new Error('RabbitMQ is not connected');
    const depth = async (queue: string) => (await queueDepth(live.model, queue)) ?? 0;
    return Promise.all(
      (consumers ?? [...this.#handlers.keys()]).map(async (consumer) => {
        const q = this.#queues(consumer);
        const depths = await Promise.all([q.main, ...q.retries.map((r) => r.name)].map(depth));
        return { consumer, queued: depths.reduce((a, b) => a + b, 0), deadLetters: await depth(q.dlq) };
      }),
    );
  }

  /** Stops consuming, lets running handlers finish (their acks go out), then closes the connection. */
  async close(): Promise<void> {
    await this.#connection.close(async (live) => {
      if (live) {
        await Promise.allSettled(
          [...live.consumerChannels.values()].map(({ channel, tag }) => channel.cancel(tag)),
        );
      }
      await Promise.allSettled([...this.#active]);
    });
  }

  #queues(consumer: string) {
    return consumerQueues(this.#prefix, consumer, this.#retry);
  }

  #serialTopology<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.#topology.then(fn, fn);
    this.#topology = next.catch(() => {});
    return next;
  }

  /** Declares a consumer's queues and bindings on `live` (idempotent) and starts consuming once. */
  async #declareConsumer(live: Live, consumer: string): Promise<void> {
    const handlers = this.#handlers.get(consumer);
    if (!handlers || !live.alive) return;
    const queues = this.#queues(consumer);
    let bound = live.declared.get(consumer);
    if (!bound) {
      await declareConsumerQueues(live.publisher, queues);
      bound = new Set();
      live.declared.set(consumer, bound);
    }
    await bindEvents(live.publisher, this.exchange, queues.main, handlers.keys(), bound);
    if (live.consumerChannels.has(consumer)) return;
    const channel = await live.model.createChannel();
    this.#connection.watchChannel(live, channel, `consumer ${consumer}`);
    await channel.prefetch(this.#prefetch);
    const delivery = {
      connection: this.#connection,
      live,
      channel,
      consumer,
      queues,
      retry: this.#retry,
      log: this.#log,
      handlerFor: (name: EventName) => handlers.get(name),
    };
    const { consumerTag } = await channel.consume(queues.main, (message) => {
      if (!message) return; // cancelled by us at close; the broker cancelling closes the channel
      const run = deliver(delivery, message).catch((error) =>
        this.#log?.error({ err: error, consumer }, 'event delivery failed unexpectedly'),
      );
      this.#active.add(run);
      void run.finally(() => this.#active.delete(run));
    });
    live.consumerChannels.set(consumer, { channel, tag: consumerTag });
  }
}
