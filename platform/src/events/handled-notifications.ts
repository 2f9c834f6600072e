import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { HandledWatchers } from './handled.ts';

/** Postgres's limit on a channel name: a longer one would be truncated, so it goes unused. */
const MAX_CHANNEL = 63;

/**
 * The handled-events notifications of one schema (see handled.ts): an awaited consumer's inbox insert
 * NOTIFYs `<schema>_handled`, and this process LISTENs there once somebody waits, so it hears of events
 * another replica handled. Without notifications (PGlite, or a channel name too long) waiters poll.
 */
export class HandledNotifications {
  /** The channel, when notifications are on. */
  readonly channel: string | undefined;
  readonly #notifications: Pick<Database, 'listen'> | undefined;
  readonly #watchers: HandledWatchers;
  readonly #log: Logger | undefined;
  #listening: Promise<unknown> | undefined;
  #stopListening: (() => Promise<void>) | undefined;
  #stopped = false;

  constructor(
    schema: string,
    notifications: Pick<Database, 'listen'> | undefined,
    watchers: HandledWatchers,
    log?: Logger,
  ) {
    const channel = `${schema}_handled`;
    this.#notifications = channel.length <= MAX_CHANNEL ? notifications : undefined;
    this.channel = this.#notifications ? channel : undefined;
    this.#watchers = watchers;
    this.#log = log;
  }

  /** LISTENs on the channel once, on the first wait; after a failure or a loss, on the next. */
  listen(): Promise<unknown> {
    const notifications = this.#notifications;
    const channel = this.channel;
    if (!notifications || !channel || this.#stopped) return Promise.resolve();
    this.#listening ??= notifications
      .listen(
        channel,
        (payload) => this.#watchers.notified(payload),
        (error) => {
          this.#log?.warn(
            { err: error, channel },
            'lost the handled-events notifications; polling until back',
          );
          this.#listening = undefined;
          this.#stopListening = undefined;
        },
      )
      .then(
        async (stop) => {
          this.#stopListening = stop;
          if (this.#stopped) await stop();
        },
        (error) => {
          this.#log?.warn({ err: error, channel }, 'could not listen for handled events; polling instead');
          // Tried again by a later wait, not by every one: this one and those before it poll.
          setTimeout(() => {
            this.#listening = undefined;
          }, 5_000).unref();
        },
      );
    return this.#listening;
  }

  /** Listening may start again (the runtime starts the service's events). */
  start(): void {
    this.#stopped = false;
  }

  /** Stops listening, and keeps from listening again until `start`. */
  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#listening;
    await this.#stopListening?.();
    this.#stopListening = undefined;
  }
}
