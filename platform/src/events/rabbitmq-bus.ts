import { type EventEnvelope, type EventName, parseEnvelope } from '@lifequest/proto';
import amqp, {
  type Channel,
  type ChannelModel,
  type ConfirmChannel,
  type ConsumeMessage,
  type Message,
  type Options,
} from 'amqplib';
import type { Logger } from '../logger.ts';
import { BusClosedError } from './in-process-bus.ts';
import type { ConsumerStats, DeadLetter, EventBus, EventHandler } from './ports.ts';
import { backoffDelay, backoffDelays, DEFAULT_RETRY, describeError, type RetryPolicy } from './retry.ts';

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
  log?: Logger;
}

const ATTEMPT = 'x-lifequest-attempt';
const ERROR = 'x-lifequest-error';
const DEAD_AT = 'x-lifequest-dead-at';

/** The RabbitMQ names of one consumer's queues. */
export function consumerQueues(prefix: string, consumer: string, retry: RetryPolicy) {
  const main = `${prefix}.${consumer}`;
  return {
    main,
    dlq: `${main}.dlq`,
    retries: backoffDelays(retry).map((delay) => ({ delay, name: `${main}.retry.${delay}ms` })),
  };
}

interface ConsumerState {
  handlers: Map<EventName, EventHandler>;
}

interface Live {
  model: ChannelModel;
  publisher: ConfirmChannel;
  /** Consumers declared on this connection, with the names bound so far. */
  declared: Map<string, Set<EventName>>;
  consumerChannels: Map<string, { channel: Channel; tag: string }>;
  alive: boolean;
}

/**
 * The event bus on RabbitMQ (amqplib): one durable topic exchange, routing key = event name; one durable
 * queue per consumer with manual ack and prefetch; persistent messages with publisher confirms.
 * A failed handler's message goes to a retry queue whose TTL dead-letters it back onto the consumer's
 * queue (one queue per backoff step, since RabbitMQ only expires messages at a queue's head); after the
 * last attempt it goes to `<prefix>.<consumer>.dlq`. Every message is re-sent and confirmed before the
 * original is acked, so a crash repeats rather than loses (the inbox drops the repeat).
 * The connection heals itself: on loss it reconnects with backoff and declares and consumes again.
 */
export class RabbitMqEventBus implements EventBus {
  readonly kind = 'rabbitmq' as const;
  readonly exchange: string;
  private readonly options: Required<Omit<RabbitMqBusOptions, 'log' | 'retry' | 'connectionName'>>;
  private readonly connectionName: string;
  private readonly retry: RetryPolicy;
  private readonly log: Logger | undefined;
  private readonly consumers = new Map<string, ConsumerState>();
  private live: Live | undefined;
  private connecting: Promise<void> | undefined;
  private loopRunning = false;
  private stopWaiting: (() => void) | undefined;
  private waiters = new Set<{ resolve: (live: Live) => void; reject: (error: Error) => void }>();
  private topology: Promise<unknown> = Promise.resolve();
  private readonly active = new Set<Promise<void>>();
  private drain: Promise<void> | undefined;
  private closed = false;
  private connectedOnce = false;
  private lastError: unknown;

  constructor(options: RabbitMqBusOptions) {
    this.options = {
      url: options.url,
      prefix: options.prefix ?? 'lifequest',
      prefetch: options.prefetch ?? 5,
      connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
      confirmTimeoutMs: options.confirmTimeoutMs ?? 30_000,
      reconnectDelayMs: options.reconnectDelayMs ?? { initial: 100, max: 5_000 },
      heartbeatSeconds: options.heartbeatSeconds ?? 10,
    };
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.connectionName = options.connectionName ?? `lifequest ${process.pid}`;
    this.log = options.log;
    this.exchange = `${this.options.prefix}.events`;
  }

  /** Connects (retrying with backoff) and resolves once the first connection is up, or fails after the timeout. */
  static async connect(options: RabbitMqBusOptions): Promise<RabbitMqEventBus> {
    const bus = new RabbitMqEventBus(options);
    try {
      await bus.connection();
    } catch (error) {
      await bus.close();
      throw error;
    }
    return bus;
  }

  /** The consumers subscribed through this bus instance. */
  get subscribedConsumers(): string[] {
    return [...this.consumers.keys()];
  }

  get connected(): boolean {
    return this.live?.alive === true;
  }

  async publish(event: EventEnvelope): Promise<void> {
    const valid = parseEnvelope(event);
    const live = await this.connection();
    await this.send(live, (channel, done) =>
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
    if (this.closed) throw new BusClosedError();
    let state = this.consumers.get(consumer);
    if (!state) {
      state = { handlers: new Map() };
      this.consumers.set(consumer, state);
    }
    for (const name of names) {
      if (state.handlers.has(name)) throw new Error(`Consumer '${consumer}' already handles '${name}'`);
    }
    for (const name of names) state.handlers.set(name, handler);
    // Resolves once the queue and its bindings exist on the broker: events published from now on reach it.
    const live = await this.connection();
    await this.serialTopology(() => this.declareConsumer(live, consumer));
  }

  async listDeadLetters(consumer: string, options: { limit?: number } = {}): Promise<DeadLetter[]> {
    const limit = options.limit ?? 1_000;
    const { dlq } = consumerQueues(this.options.prefix, consumer, this.retry);
    const live = await this.connection();
    if (!(await this.queueExists(live, dlq))) return [];
    const channel = await live.model.createChannel();
    channel.on('error', () => {});
    const letters: DeadLetter[] = [];
    try {
      while (letters.length < limit) {
        const message = await channel.get(dlq, { noAck: false });
        if (!message) break;
        letters.push(toDeadLetter(consumer, message));
      }
    } finally {
      // Closing the channel hands every message we held back to the queue, in place.
      await channel.close().catch(() => {});
    }
    return letters;
  }

  async replayDeadLetters(consumer: string, options: { eventIds?: readonly string[] } = {}): Promise<number> {
    const { main, dlq } = consumerQueues(this.options.prefix, consumer, this.retry);
    const wanted = options.eventIds ? new Set(options.eventIds) : undefined;
    const live = await this.connection();
    if (!(await this.queueExists(live, dlq))) return 0;
    if (!(await this.queueExists(live, main))) {
      throw new Error(`Queue ${main} does not exist: has the '${consumer}' service ever started?`);
    }
    const channel = await live.model.createChannel();
    channel.on('error', () => {});
    let replayed = 0;
    try {
      for (;;) {
        const message = await channel.get(dlq, { noAck: false });
        if (!message) break;
        const id = message.properties.messageId as string | undefined;
        if (wanted && !(id && wanted.has(id))) continue;
        const headers = { ...message.properties.headers, [ATTEMPT]: 1 };
        await this.send(live, (pub, done) =>
          pub.sendToQueue(main, message.content, { ...copyProperties(message), headers }, done),
        );
        channel.ack(message);
        replayed++;
      }
    } finally {
      await channel.close().catch(() => {});
    }
    return replayed;
  }

  async stats(consumers?: readonly string[]): Promise<ConsumerStats[]> {
    // Metrics scrapes call this: answer now, never wait out a reconnection.
    const live = this.live;
    if (!live?.alive) throw new Error('RabbitMQ is not connected');
    const names = consumers ?? [...this.consumers.keys()];
    return Promise.all(
      names.map(async (consumer) => {
        const q = consumerQueues(this.options.prefix, consumer, this.retry);
        const depths = await Promise.all(
          [q.main, ...q.retries.map((r) => r.name)].map((n) => this.depth(live, n)),
        );
        return {
          consumer,
          queued: depths.reduce((a, b) => a + b, 0),
          deadLetters: await this.depth(live, q.dlq),
        };
      }),
    );
  }

  /** Stops consuming, lets running handlers finish (their acks go out), then closes the connection. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const waiter of this.waiters) waiter.reject(new BusClosedError());
    this.waiters.clear();
    const live = this.live;
    if (live?.alive) {
      await Promise.allSettled(
        [...live.consumerChannels.values()].map(({ channel, tag }) => channel.cancel(tag)),
      );
    }
    await Promise.allSettled([...this.active]);
    this.live = undefined;
    if (live) {
      live.alive = false;
      await live.model.close().catch(() => {});
    }
    this.stopWaiting?.();
    await this.connecting?.catch(() => {});
  }

  /** Destroys the socket the way a network failure would (tests and chaos drills); the bus reconnects. */
  dropConnection(): void {
    const model = this.live?.model as unknown as
      | { connection?: { stream?: { destroy(error?: Error): void } } }
      | undefined;
    model?.connection?.stream?.destroy(new Error('connection cut (simulated network failure)'));
  }

  /** Deletes the exchange and the given consumers' queues: for tests, which each use their own prefix. */
  async deleteTopology(consumers: readonly string[]): Promise<void> {
    const live = await this.connection();
    const channel = await live.model.createChannel();
    channel.on('error', () => {});
    try {
      for (const consumer of consumers) {
        const q = consumerQueues(this.options.prefix, consumer, this.retry);
        for (const name of [q.main, q.dlq, ...q.retries.map((r) => r.name)]) await channel.deleteQueue(name);
      }
      await channel.deleteExchange(this.exchange);
    } finally {
      await channel.close().catch(() => {});
    }
  }

  /** The live connection, waiting (up to connectTimeoutMs) for a reconnection when there is none. */
  private connection(): Promise<Live> {
    if (this.closed) return Promise.reject(new BusClosedError());
    if (this.live?.alive) return Promise.resolve(this.live);
    this.ensureConnecting();
    return new Promise((resolve, reject) => {
      const waiter = {
        resolve: (live: Live) => {
          clearTimeout(timer);
          resolve(live);
        },
        reject: (error: Error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        const why = this.lastError ? `: ${describeError(this.lastError)}` : '';
        reject(
          new Error(
            `RabbitMQ is unreachable (no connection within ${this.options.connectTimeoutMs} ms)${why}`,
          ),
        );
      }, this.options.connectTimeoutMs);
      this.waiters.add(waiter);
    });
  }

  private async connectLoop(): Promise<void> {
    let attempt = 0;
    while (!this.closed) {
      let model: ChannelModel | undefined;
      try {
        model = await amqp.connect(withHeartbeat(this.options.url, this.options.heartbeatSeconds), {
          clientProperties: { connection_name: this.connectionName },
          // amqplib leaves Nagle's algorithm on unless told: a lone publish, confirm or ack then waits
          // ~40 ms for the peer's delayed ACK, several times on the way from a toggle to the ledger.
          noDelay: true,
        });
        const live = await this.setup(model);
        if (!live.alive || this.closed) throw new Error('connection lost during setup');
        this.loopRunning = false;
        this.live = live;
        if (this.connectedOnce) this.log?.info({ exchange: this.exchange }, 'RabbitMQ connection restored');
        this.connectedOnce = true;
        for (const waiter of this.waiters) waiter.resolve(live);
        this.waiters.clear();
        return;
      } catch (error) {
        this.lastError = error;
        await model?.close().catch(() => {});
        if (this.closed) break;
        const delay = Math.min(
          this.options.reconnectDelayMs.max,
          this.options.reconnectDelayMs.initial * 2 ** attempt,
        );
        attempt++;
        this.log?.warn({ err: error, attempt, delay }, 'RabbitMQ connection failed; retrying');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          this.stopWaiting = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.stopWaiting = undefined;
      }
    }
    this.loopRunning = false;
  }

  private async setup(model: ChannelModel): Promise<Live> {
    const live: Live = {
      model,
      publisher: undefined as unknown as ConfirmChannel,
      declared: new Map(),
      consumerChannels: new Map(),
      alive: true,
    };
    model.on('error', (error) => this.log?.warn({ err: error }, 'RabbitMQ connection error'));
    model.on('close', (error?: Error) => this.lost(live, error ? describeError(error) : 'connection closed'));
    live.publisher = await model.createConfirmChannel();
    this.watchChannel(live, live.publisher, 'publisher');
    await live.publisher.assertExchange(this.exchange, 'topic', { durable: true });
    await this.serialTopology(async () => {
      for (const consumer of this.consumers.keys()) await this.declareConsumer(live, consumer);
    });
    return live;
  }

  /** A channel the broker closes (or that errors) takes the connection down with it, and all heals at once. */
  private watchChannel(live: Live, channel: Channel, what: string): void {
    channel.on('error', (error) => this.log?.warn({ err: error, channel: what }, 'RabbitMQ channel error'));
    channel.on('close', () => {
      // When the whole connection goes, its channels close first: let the connection report why.
      setImmediate(() => {
        if (!live.alive || this.closed) return;
        this.log?.warn({ channel: what }, 'RabbitMQ channel closed; reconnecting');
        void live.model.close().catch(() => {});
        this.lost(live, `${what} channel closed`);
      });
    });
  }

  private lost(live: Live, why: string): void {
    if (!live.alive) return;
    live.alive = false;
    if (this.live === live) this.live = undefined;
    if (this.closed) return;
    this.log?.warn({ why }, 'RabbitMQ connection lost; reconnecting');
    this.ensureConnecting();
  }

  /** Starts the reconnect loop unless one runs; the flag flips synchronously, so no loss goes unseen. */
  private ensureConnecting(): void {
    if (this.loopRunning || this.closed) return;
    this.loopRunning = true;
    this.connecting = this.connectLoop();
  }

  private serialTopology<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.topology.then(fn, fn);
    this.topology = next.catch(() => {});
    return next;
  }

  /** Declares a consumer's queues and bindings on `live` (idempotent) and starts consuming once. */
  private async declareConsumer(live: Live, consumer: string): Promise<void> {
    const state = this.consumers.get(consumer);
    if (!state || !live.alive) return;
    const q = consumerQueues(this.options.prefix, consumer, this.retry);
    const channel = live.publisher;
    let bound = live.declared.get(consumer);
    if (!bound) {
      await channel.assertQueue(q.main, { durable: true });
      for (const retry of q.retries) {
        await channel.assertQueue(retry.name, {
          durable: true,
          arguments: {
            'x-message-ttl': retry.delay,
            'x-dead-letter-exchange': '',
            'x-dead-letter-routing-key': q.main,
          },
        });
      }
      await channel.assertQueue(q.dlq, { durable: true });
      bound = new Set();
      live.declared.set(consumer, bound);
    }
    for (const name of state.handlers.keys()) {
      if (bound.has(name)) continue;
      await channel.bindQueue(q.main, this.exchange, name);
      bound.add(name);
    }
    if (!live.consumerChannels.has(consumer)) {
      const consuming = await live.model.createChannel();
      this.watchChannel(live, consuming, `consumer ${consumer}`);
      await consuming.prefetch(this.options.prefetch);
      const { consumerTag } = await consuming.consume(q.main, (message) => {
        if (!message) return; // cancelled by us at close; the broker cancelling closes the channel
        const run = this.onMessage(live, consumer, consuming, message).catch((error) =>
          this.log?.error({ err: error, consumer }, 'event delivery failed unexpectedly'),
        );
        this.active.add(run);
        void run.finally(() => this.active.delete(run));
      });
      live.consumerChannels.set(consumer, { channel: consuming, tag: consumerTag });
    }
  }

  private async onMessage(
    live: Live,
    consumer: string,
    channel: Channel,
    message: ConsumeMessage,
  ): Promise<void> {
    const attempt = Number(message.properties.headers?.[ATTEMPT] ?? 1) || 1;
    let event: EventEnvelope;
    try {
      event = parseEnvelope(JSON.parse(message.content.toString('utf8')));
    } catch (error) {
      // Not a valid event: no retry can fix it, but it is kept for an operator, never dropped.
      await this.deadLetter(live, consumer, channel, message, error, attempt);
      return;
    }
    const handler = this.consumers.get(consumer)?.handlers.get(event.name);
    if (!handler) {
      const error = new Error(`Consumer '${consumer}' has no handler for '${event.name}'`);
      await this.deadLetter(live, consumer, channel, message, error, attempt);
      return;
    }
    try {
      await handler(event);
    } catch (error) {
      if (attempt < this.retry.attempts) {
        await this.retryLater(live, consumer, channel, message, error, attempt);
      } else {
        await this.deadLetter(live, consumer, channel, message, error, attempt);
      }
      return;
    }
    safely(() => channel.ack(message));
  }

  private async retryLater(
    live: Live,
    consumer: string,
    channel: Channel,
    message: ConsumeMessage,
    error: unknown,
    attempt: number,
  ): Promise<void> {
    const delay = backoffDelay(this.retry, attempt);
    const queue = `${this.options.prefix}.${consumer}.retry.${delay}ms`;
    this.log?.warn(
      { err: error, consumer, messageId: message.properties.messageId, attempt, delay },
      'retrying',
    );
    const headers = { ...message.properties.headers, [ATTEMPT]: attempt + 1, [ERROR]: describeError(error) };
    await this.moveTo(live, channel, message, queue, headers);
  }

  private async deadLetter(
    live: Live,
    consumer: string,
    channel: Channel,
    message: ConsumeMessage,
    error: unknown,
    attempt: number,
  ): Promise<void> {
    const { dlq } = consumerQueues(this.options.prefix, consumer, this.retry);
    this.log?.error(
      { err: error, consumer, messageId: message.properties.messageId, attempt },
      'event dead-lettered',
    );
    const headers = {
      ...message.properties.headers,
      [ATTEMPT]: attempt,
      [ERROR]: describeError(error),
      [DEAD_AT]: new Date().toISOString(),
    };
    await this.moveTo(live, channel, message, dlq, headers);
  }

  /** Re-sends a copy to `queue` and acks the original only once the broker confirmed the copy. */
  private async moveTo(
    live: Live,
    channel: Channel,
    message: ConsumeMessage,
    queue: string,
    headers: Record<string, unknown>,
  ): Promise<void> {
    try {
      await this.send(live, (pub, done) =>
        pub.sendToQueue(queue, message.content, { ...copyProperties(message), headers }, done),
      );
    } catch (error) {
      // The copy is not safe: leave the original unacked. The broker redelivers it (now, or after a reconnect).
      this.log?.warn({ err: error, queue }, 'could not move a message; it will be redelivered');
      await new Promise((resolve) => setTimeout(resolve, 200));
      safely(() => channel.nack(message, false, true));
      return;
    }
    safely(() => channel.ack(message));
  }

  /** One confirmed send on the publisher channel, minding write backpressure and a confirm timeout. */
  private async send(
    live: Live,
    write: (channel: ConfirmChannel, done: (error: unknown) => void) => boolean,
  ): Promise<void> {
    while (this.drain) await this.drain;
    if (!live.alive) throw new Error('RabbitMQ connection lost before the publish');
    const channel = live.publisher;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no publisher confirm within ${this.options.confirmTimeoutMs} ms`)),
        this.options.confirmTimeoutMs,
      );
      const done = (error: unknown) => {
        clearTimeout(timer);
        if (error) reject(error instanceof Error ? error : new Error(`publish nacked: ${String(error)}`));
        else resolve();
      };
      let accepted: boolean;
      try {
        accepted = write(channel, done);
      } catch (error) {
        clearTimeout(timer);
        reject(error);
        return;
      }
      if (!accepted && !this.drain) {
        this.drain = new Promise<void>((release) => {
          const go = () => {
            channel.off('drain', go);
            channel.off('close', go);
            this.drain = undefined;
            release();
          };
          channel.on('drain', go);
          channel.on('close', go);
        });
      }
    });
  }

  private async queueExists(live: Live, queue: string): Promise<boolean> {
    return (await this.depthOrNull(live, queue)) !== null;
  }

  private async depth(live: Live, queue: string): Promise<number> {
    return (await this.depthOrNull(live, queue)) ?? 0;
  }

  /** A missing queue makes the broker close the channel, so each check gets a channel of its own. */
  private async depthOrNull(live: Live, queue: string): Promise<number | null> {
    const channel = await live.model.createChannel();
    channel.on('error', () => {});
    try {
      return (await channel.checkQueue(queue)).messageCount;
    } catch {
      return null;
    } finally {
      await channel.close().catch(() => {});
    }
  }
}

function messageOptions(event: EventEnvelope): Options.Publish {
  return {
    persistent: true,
    contentType: 'application/json',
    messageId: event.id,
    type: event.name,
    timestamp: Math.floor(Date.parse(event.occurredAt) / 1000),
    headers: { [ATTEMPT]: 1 },
  };
}

function copyProperties(message: Message): Options.Publish {
  const p = message.properties;
  return {
    persistent: true,
    contentType: p.contentType ?? 'application/json',
    messageId: p.messageId,
    type: p.type,
    timestamp: p.timestamp,
  };
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

function withHeartbeat(url: string, seconds: number): string {
  if (/[?&]heartbeat=/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}heartbeat=${seconds}`;
}

/** Acks and nacks on a channel that died are moot: the broker redelivers those messages anyway. */
function safely(fn: () => void): void {
  try {
    fn();
  } catch {
    // The channel is gone; see above.
  }
}
