import { observedGauge } from '../http/metrics.ts';
import type { OutboxRelay } from './outbox.ts';
import type { EventBus } from './ports.ts';

// Several services share one process (and one registry) in embedded mode: each registers its sources,
// and one gauge per metric reads them all at scrape time.
const relays = new Set<OutboxRelay>();
const buses = new Set<EventBus>();

async function each<T>(items: Iterable<T>, fn: (item: T) => Promise<void>): Promise<void> {
  // A source that cannot answer (database or broker down) must not break the whole scrape.
  await Promise.allSettled([...items].map(fn));
}

function ensureGauges(): void {
  observedGauge(
    'lifequest_outbox_backlog',
    'Outbox events not yet confirmed by the bus',
    ['schema'],
    async (g) => {
      g.reset();
      await each(relays, async (relay) => g.set({ schema: relay.schema }, await relay.backlog()));
    },
  );
  observedGauge(
    'lifequest_event_queue_depth',
    'Events waiting for (or being retried by) a consumer',
    ['consumer'],
    async (g) => {
      g.reset();
      await each(buses, async (bus) => {
        for (const s of await bus.stats()) g.set({ consumer: s.consumer }, s.queued);
      });
    },
  );
  observedGauge(
    'lifequest_event_dead_letters',
    'Dead-lettered events per consumer',
    ['consumer'],
    async (g) => {
      g.reset();
      await each(buses, async (bus) => {
        for (const s of await bus.stats()) g.set({ consumer: s.consumer }, s.deadLetters);
      });
    },
  );
}

/** Exports the relay's outbox backlog as `lifequest_outbox_backlog{schema}` until `unregister` is called. */
export function registerOutboxMetrics(relay: OutboxRelay): () => void {
  ensureGauges();
  relays.add(relay);
  return () => relays.delete(relay);
}

/** Exports the bus's per-consumer queue depth and dead letters (consumers subscribed in this process). */
export function registerBusMetrics(bus: EventBus): () => void {
  ensureGauges();
  buses.add(bus);
  return () => buses.delete(bus);
}
