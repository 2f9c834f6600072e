/**
 * Waiting until a consumer has handled given events (their inbox rows and effects committed), for a
 * caller that answers with what those events changed (auth's awaited XP projection).
 *
 * What wakes a waiter, fastest first:
 * - this process handled the event: the unit of work tells `HandledWatchers` right after its commit;
 * - another replica handled it, and the consumer subscribed `awaited`: its inbox insert NOTIFYs the
 *   schema's channel at commit, and the waiting process LISTENs there;
 * - neither (no notifications, the listening connection is down, a notification lost): the waiter looks
 *   in the inbox again after `firstPollMs`, the pause doubling up to `maxPollMs`.
 * A notification is only ever sent after the commit, so a woken waiter needs no look of its own.
 */

export interface WaitOptions {
  /** How long to wait for the events, at most. */
  timeoutMs: number;
  /** The first pause before the inbox is looked at again (it doubles after each look). */
  firstPollMs?: number;
  /** The longest pause between two looks. */
  maxPollMs?: number;
}

interface Watch {
  pending: Set<string>;
  wake(): void;
}

const key = (consumer: string, eventId: string) => `${consumer} ${eventId}`;

/** The waiters of one process, by (consumer, event id). */
export class HandledWatchers {
  readonly #byEvent = new Map<string, Set<Watch>>();

  /** `consumer` has handled `eventId` and its effect is committed. */
  handled(consumer: string, eventId: string): void {
    const k = key(consumer, eventId);
    const watches = this.#byEvent.get(k);
    if (!watches) return;
    this.#byEvent.delete(k);
    for (const watch of watches) {
      watch.pending.delete(eventId);
      watch.wake();
    }
  }

  /** A NOTIFY payload as the inbox insert sends it: `<consumer> <event id>`. */
  notified(payload: string): void {
    const [consumer, eventId] = payload.split(' ');
    if (consumer && eventId) this.handled(consumer, eventId);
  }

  /** How many (consumer, event) pairs someone waits for now. */
  get size(): number {
    return this.#byEvent.size;
  }

  /**
   * Resolves true once `consumer` handled every event, false when the wait ran out. `ready` resolves once
   * notifications from other replicas would be heard (or never will be); `look` reads the inbox.
   */
  async wait(
    consumer: string,
    eventIds: readonly string[],
    options: WaitOptions,
    io: { ready: () => Promise<unknown>; look: (eventIds: readonly string[]) => Promise<boolean> },
  ): Promise<boolean> {
    const deadline = Date.now() + options.timeoutMs;
    const maxPollMs = Math.max(1, options.maxPollMs ?? 40);
    let pause = Math.min(options.firstPollMs ?? 2, maxPollMs);
    let wake: (() => void) | undefined;
    const watch: Watch = { pending: new Set(eventIds), wake: () => wake?.() };
    if (watch.pending.size === 0) return true;
    // Watched before the first look: whatever is handled after that look's snapshot still wakes us.
    for (const id of watch.pending) {
      const k = key(consumer, id);
      let watches = this.#byEvent.get(k);
      if (!watches) {
        watches = new Set();
        this.#byEvent.set(k, watches);
      }
      watches.add(watch);
    }
    try {
      await io.ready();
      let look = watch.pending.size > 0;
      for (;;) {
        if (watch.pending.size === 0) return true;
        if (look && (await io.look([...watch.pending]))) return true;
        const left = deadline - Date.now();
        if (left <= 0) return false;
        const timedOut = await new Promise<boolean>((resolve) => {
          if (watch.pending.size === 0) return resolve(false);
          const timer = setTimeout(() => resolve(true), Math.min(pause, left));
          wake = () => {
            clearTimeout(timer);
            resolve(false);
          };
        });
        wake = undefined;
        // Woken by a notification: that event is handled; look again only when a pause ran out.
        look = timedOut;
        if (timedOut) pause = Math.min(pause * 2, maxPollMs);
      }
    } finally {
      for (const id of eventIds) {
        const k = key(consumer, id);
        const watches = this.#byEvent.get(k);
        watches?.delete(watch);
        if (watches?.size === 0) this.#byEvent.delete(k);
      }
    }
  }
}
