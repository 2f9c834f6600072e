import { type EventEnvelope, type EventName, parseEnvelope } from '@lifequest/proto';
import type { Logger } from '../logger.ts';
import { type DeadLetterStore, MemoryDeadLetterStore } from './dead-letter-store.ts';
import type { ConsumerStats, DeadLetter, EventBus, EventHandler } from './ports.ts';
import { backoffDelay, DEFAULT_RETRY, describeError, type RetryPolicy } from './retry.ts';

export class BusClosedError extends Error {
  constructor() {
    super('The event bus is closed');
    this.name = 'BusClosedError';
  }
}

export interface InProcessBusOptions {
  retry?: Partial<RetryPolicy>;
  /** Where given-up events go; use SqlDeadLetterStore when a database is available. Default: memory. */
  deadLetters?: DeadLetterStore;
  /** Events one consumer handles at once (default 1: in order, as far as retries allow). */
  concurrency?: number;
  log?: Logger;
}

interface Delivery {
  event: EventEnvelope;
  attempt: number;
  settle(error?: unknown): void;
}

interface Consumer {
  name: string;
  handlers: Map<EventName, EventHandler>;
  queue: Delivery[];
  waitingRetry: Set<{ timer: NodeJS.Timeout; delivery: Delivery }>;
  running: number;
}

/**
 * The event bus inside one process, with the broker's semantics: one queue per consumer, retry with
 * exponential backoff, then a dead letter an operator can list and replay. A publish is confirmed only
 * once every bound consumer has handled (or dead-lettered) the event, so a crash before that leaves the
 * outbox row pending and the event is delivered again after the restart (the inbox drops the repeat).
 *
 * Bindings: an event reaches the consumers subscribed when it is published. The runtime subscribes every
 * module before any relay starts (ModuleContext.onStarted), so at boot nothing is published too early.
 */
export class InProcessEventBus implements EventBus {
  readonly kind = 'in-process' as const;
  readonly #consumers = new Map<string, Consumer>();
  readonly #retry: RetryPolicy;
  readonly #deadLetters: DeadLetterStore;
  readonly #concurrency: number;
  readonly #log: Logger | undefined;
  readonly #active = new Set<Promise<void>>();
  #closed = false;

  constructor(options: InProcessBusOptions = {}) {
    this.#retry = { ...DEFAULT_RETRY, ...options.retry };
    this.#deadLetters = options.deadLetters ?? new MemoryDeadLetterStore();
    this.#concurrency = Math.max(1, options.concurrency ?? 1);
    this.#log = options.log;
  }

  async publish(event: EventEnvelope): Promise<void> {
    if (this.#closed) throw new BusClosedError();
    const valid = parseEnvelope(event);
    const bound = [...this.#consumers.values()].filter((c) => c.handlers.has(valid.name));
    await Promise.all(bound.map((consumer) => this.#deliver(consumer, valid)));
  }

  async subscribe(consumer: string, names: readonly EventName[], handler: EventHandler): Promise<void> {
    if (this.#closed) throw new BusClosedError();
    let state = this.#consumers.get(consumer);
    if (!state) {
      state = { name: consumer, handlers: new Map(), queue: [], waitingRetry: new Set(), running: 0 };
      this.#consumers.set(consumer, state);
    }
    for (const name of names) {
      if (state.handlers.has(name)) throw new Error(`Consumer '${consumer}' already handles '${name}'`);
    }
    for (const name of names) state.handlers.set(name, handler);
  }

  async listDeadLetters(consumer: string, options: { limit?: number } = {}): Promise<DeadLetter[]> {
    const letters = await this.#deadLetters.list(consumer, options.limit);
    return letters.map(({ key: _key, ...letter }) => letter);
  }

  async replayDeadLetters(consumer: string, options: { eventIds?: readonly string[] } = {}): Promise<number> {
    const state = this.#consumers.get(consumer);
    if (!state) throw new Error(`No consumer '${consumer}' is subscribed in this process`);
    const wanted = options.eventIds ? new Set(options.eventIds) : undefined;
    const letters = (await this.#deadLetters.list(consumer, 100_000)).filter(
      (l) => !wanted || (l.eventId !== null && wanted.has(l.eventId)),
    );
    await Promise.all(
      letters.map(async (letter) => {
        // The letter is removed only once its replay settled: handled, or dead again as a new letter.
        await this.#deliver(state, parseEnvelope(letter.event));
        await this.#deadLetters.remove(letter.key);
      }),
    );
    return letters.length;
  }

  async forgetDeadLetters(consumer: string, value: string): Promise<number> {
    if (!value) return 0;
    const needle = value.toLowerCase();
    const letters = (await this.#deadLetters.list(consumer, 100_000)).filter((letter) =>
      JSON.stringify([letter.event, letter.error]).toLowerCase().includes(needle),
    );
    for (const letter of letters) await this.#deadLetters.remove(letter.key);
    return letters.length;
  }

  async stats(consumers?: readonly string[]): Promise<ConsumerStats[]> {
    const names = consumers ?? [...this.#consumers.keys()];
    return Promise.all(
      names.map(async (name) => {
        const state = this.#consumers.get(name);
        const queued = state ? state.queue.length + state.waitingRetry.size + state.running : 0;
        return { consumer: name, queued, deadLetters: await this.#deadLetters.count(name) };
      }),
    );
  }

  /** Stops delivering: pending publishes reject (their outbox rows stay pending); running handlers finish. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const consumer of this.#consumers.values()) {
      for (const waiting of consumer.waitingRetry) {
        clearTimeout(waiting.timer);
        waiting.delivery.settle(new BusClosedError());
      }
      consumer.waitingRetry.clear();
      for (const delivery of consumer.queue.splice(0)) delivery.settle(new BusClosedError());
    }
    await Promise.allSettled([...this.#active]);
  }

  #deliver(consumer: Consumer, event: EventEnvelope): Promise<void> {
    return new Promise((resolve, reject) => {
      consumer.queue.push({
        event,
        attempt: 1,
        settle: (error) => (error === undefined ? resolve() : reject(error)),
      });
      this.#pump(consumer);
    });
  }

  #pump(consumer: Consumer): void {
    while (!this.#closed && consumer.running < this.#concurrency && consumer.queue.length > 0) {
      const delivery = consumer.queue.shift()!;
      consumer.running++;
      const run = this.#handle(consumer, delivery).finally(() => {
        consumer.running--;
        this.#active.delete(run);
        this.#pump(consumer);
      });
      this.#active.add(run);
    }
  }

  async #handle(consumer: Consumer, delivery: Delivery): Promise<void> {
    const { event, attempt } = delivery;
    const handler = consumer.handlers.get(event.name);
    try {
      if (!handler) throw new Error(`Consumer '${consumer.name}' has no handler for '${event.name}'`);
      await handler(event);
      delivery.settle();
      return;
    } catch (error) {
      if (attempt < this.#retry.attempts && handler && !this.#closed) {
        const delay = backoffDelay(this.#retry, attempt);
        this.#log?.warn(
          { err: error, consumer: consumer.name, eventId: event.id, name: event.name, attempt, delay },
          'event handler failed; retrying',
        );
        const waiting = {
          delivery: { ...delivery, attempt: attempt + 1 },
          timer: setTimeout(() => {
            consumer.waitingRetry.delete(waiting);
            consumer.queue.push(waiting.delivery);
            this.#pump(consumer);
          }, delay),
        };
        consumer.waitingRetry.add(waiting);
        return;
      }
      if (this.#closed) {
        delivery.settle(new BusClosedError());
        return;
      }
      this.#log?.error(
        { err: error, consumer: consumer.name, eventId: event.id, name: event.name, attempt },
        'event dead-lettered',
      );
      try {
        await this.#deadLetters.add({
          consumer: consumer.name,
          eventId: event.id,
          eventName: event.name,
          event,
          error: describeError(error),
          attempts: attempt,
          deadAt: new Date().toISOString(),
        });
        delivery.settle();
      } catch (storeError) {
        // Not kept anywhere: the publish fails, so the outbox row stays pending and comes back.
        delivery.settle(storeError);
      }
    }
  }
}
