import type { EventName } from '@lifequest/proto';
import amqp, { type Channel, type ChannelModel, type ConfirmChannel } from 'amqplib';
import type { Logger } from '../../logger.ts';
import { BusClosedError } from '../in-process-bus.ts';
import { describeError } from '../retry.ts';

/** One connection to the broker while it lasts, with what was declared on it. */
export interface Live {
  model: ChannelModel;
  /** The confirm channel every publish, retry and dead-letter copy goes through. */
  publisher: ConfirmChannel;
  /** Consumers declared on this connection, with the names bound so far. */
  declared: Map<string, Set<EventName>>;
  consumerChannels: Map<string, { channel: Channel; tag: string }>;
  alive: boolean;
}

/** How a connection is opened: amqplib's `connect`, or a test's wrapper around it. */
export type AmqpConnect = (url: string, socketOptions: Record<string, unknown>) => Promise<ChannelModel>;

export interface ConnectionOptions {
  url: string;
  heartbeatSeconds: number;
  connectTimeoutMs: number;
  confirmTimeoutMs: number;
  reconnectDelayMs: { initial: number; max: number };
  connectionName: string;
  connect: AmqpConnect;
  log: Logger | undefined;
  /** Declares the topology on a fresh connection before anyone gets it (also after a reconnection). */
  setup(live: Live): Promise<void>;
}

type Waiter = { resolve: (live: Live) => void; reject: (error: Error) => void };

/**
 * The bus's connection to RabbitMQ, which heals itself: on loss it reconnects with backoff, declares the
 * topology again, and hands the new connection to everyone waiting for one.
 */
export class RabbitMqConnection {
  readonly #options: ConnectionOptions;
  #live: Live | undefined;
  #connecting: Promise<void> | undefined;
  #loopRunning = false;
  #stopWaiting: (() => void) | undefined;
  readonly #waiters = new Set<Waiter>();
  #drain: Promise<void> | undefined;
  #closed = false;
  #connectedOnce = false;
  #lastError: unknown;

  constructor(options: ConnectionOptions) {
    this.#options = options;
  }

  /** The live connection now, if there is one (metrics never wait out a reconnection). */
  get current(): Live | undefined {
    return this.#live?.alive ? this.#live : undefined;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** The live connection, waiting (up to connectTimeoutMs) for a reconnection when there is none. */
  get(): Promise<Live> {
    if (this.#closed) return Promise.reject(new BusClosedError());
    if (this.#live?.alive) return Promise.resolve(this.#live);
    this.#ensureConnecting();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        resolve: (live) => {
          clearTimeout(timer);
          resolve(live);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        const why = this.#lastError ? `: ${describeError(this.#lastError)}` : '';
        reject(
          new Error(
            `RabbitMQ is unreachable (no connection within ${this.#options.connectTimeoutMs} ms)${why}`,
          ),
        );
      }, this.#options.connectTimeoutMs);
      this.#waiters.add(waiter);
    });
  }

  /** One confirmed send on the publisher channel, minding write backpressure and a confirm timeout. */
  async send(
    live: Live,
    write: (channel: ConfirmChannel, done: (error: unknown) => void) => boolean,
  ): Promise<void> {
    while (this.#drain) await this.#drain;
    if (!live.alive) throw new Error('RabbitMQ connection lost before the publish');
    const channel = live.publisher;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no publisher confirm within ${this.#options.confirmTimeoutMs} ms`)),
        this.#options.confirmTimeoutMs,
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
      if (!accepted && !this.#drain) {
        this.#drain = new Promise<void>((release) => {
          const go = () => {
            channel.off('drain', go);
            channel.off('close', go);
            this.#drain = undefined;
            release();
          };
          channel.on('drain', go);
          channel.on('close', go);
        });
      }
    });
  }

  /** A channel the broker closes (or that errors) takes the connection down with it, and all heals at once. */
  watchChannel(live: Live, channel: Channel, what: string): void {
    const log = this.#options.log;
    channel.on('error', (error) => log?.warn({ err: error, channel: what }, 'RabbitMQ channel error'));
    channel.on('close', () => {
      // When the whole connection goes, its channels close first: let the connection report why.
      setImmediate(() => {
        if (!live.alive || this.#closed) return;
        log?.warn({ channel: what }, 'RabbitMQ channel closed; reconnecting');
        void live.model.close().catch(() => {});
        this.#lost(live, `${what} channel closed`);
      });
    });
  }

  /**
   * Stops for good: nobody waits for a connection any more, `drain` runs on the live one (the bus stops
   * consuming and lets running handlers finish there, so their acks go out), then the connection closes.
   */
  async close(drain: (live: Live | undefined) => Promise<void>): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const waiter of this.#waiters) waiter.reject(new BusClosedError());
    this.#waiters.clear();
    const live = this.#live;
    await drain(live?.alive ? live : undefined);
    this.#live = undefined;
    if (live) {
      live.alive = false;
      await live.model.close().catch(() => {});
    }
    this.#stopWaiting?.();
    await this.#connecting?.catch(() => {});
  }

  async #connectLoop(): Promise<void> {
    const options = this.#options;
    let attempt = 0;
    while (!this.#closed) {
      let model: ChannelModel | undefined;
      try {
        model = await options.connect(withHeartbeat(options.url, options.heartbeatSeconds), {
          clientProperties: { connection_name: options.connectionName },
          // amqplib leaves Nagle's algorithm on unless told: a lone publish, confirm or ack then waits
          // ~40 ms for the peer's delayed ACK, several times on the way from a toggle to the ledger.
          noDelay: true,
        });
        const live = await this.#setup(model);
        if (!live.alive || this.#closed) throw new Error('connection lost during setup');
        this.#loopRunning = false;
        this.#live = live;
        if (this.#connectedOnce) options.log?.info('RabbitMQ connection restored');
        this.#connectedOnce = true;
        for (const waiter of this.#waiters) waiter.resolve(live);
        this.#waiters.clear();
        return;
      } catch (error) {
        this.#lastError = error;
        await model?.close().catch(() => {});
        if (this.#closed) break;
        const delay = Math.min(options.reconnectDelayMs.max, options.reconnectDelayMs.initial * 2 ** attempt);
        attempt++;
        options.log?.warn({ err: error, attempt, delay }, 'RabbitMQ connection failed; retrying');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay);
          this.#stopWaiting = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.#stopWaiting = undefined;
      }
    }
    this.#loopRunning = false;
  }

  async #setup(model: ChannelModel): Promise<Live> {
    const live: Live = {
      model,
      publisher: undefined as unknown as ConfirmChannel,
      declared: new Map(),
      consumerChannels: new Map(),
      alive: true,
    };
    model.on('error', (error) => this.#options.log?.warn({ err: error }, 'RabbitMQ connection error'));
    model.on('close', (error?: Error) =>
      this.#lost(live, error ? describeError(error) : 'connection closed'),
    );
    live.publisher = await model.createConfirmChannel();
    this.watchChannel(live, live.publisher, 'publisher');
    await this.#options.setup(live);
    return live;
  }

  #lost(live: Live, why: string): void {
    if (!live.alive) return;
    live.alive = false;
    if (this.#live === live) this.#live = undefined;
    if (this.#closed) return;
    this.#options.log?.warn({ why }, 'RabbitMQ connection lost; reconnecting');
    this.#ensureConnecting();
  }

  /** Starts the reconnect loop unless one runs; the flag flips synchronously, so no loss goes unseen. */
  #ensureConnecting(): void {
    if (this.#loopRunning || this.#closed) return;
    this.#loopRunning = true;
    this.#connecting = this.#connectLoop();
  }
}

/** amqplib's own connect. */
export const amqpConnect: AmqpConnect = (url, socketOptions) => amqp.connect(url, socketOptions);

function withHeartbeat(url: string, seconds: number): string {
  if (/[?&]heartbeat=/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}heartbeat=${seconds}`;
}
