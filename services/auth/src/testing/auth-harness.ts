import { createServiceEvents, InProcessEventBus, migrate, openPglite } from '@lifequest/platform';
import { createEnvelope, type EventEnvelope, type EventName, type EventPayloads } from '@lifequest/proto';
import { type AuthDb, type AuthEvents, createAuthDb } from '../db.ts';
import { consumeXpEvents } from '../xp/consumer.ts';
import { totalXp } from '../xp/ledger.ts';

/**
 * auth's database, outbox and XP consumer on PGlite and the in-process bus, without HTTP: a test
 * publishes quests' events itself (and can redeliver or reorder them), reads the ledger, and sees the
 * user.* events auth publishes.
 */
export interface AuthHarness {
  db: AuthDb;
  events: AuthEvents;
  /** Publishes like the quests relay would; resolves once auth has handled the event. */
  publish<N extends EventName>(name: N, payload: EventPayloads[N]): Promise<EventEnvelope<N>>;
  /** Delivers an envelope again, as a broker does after a lost ack. */
  redeliver(event: EventEnvelope): Promise<void>;
  newHero(name?: string): Promise<string>;
  total(userId: string): Promise<number>;
  /** user.leveled_up events auth has published so far (after flush). */
  levelUps: EventEnvelope<'user.leveled_up'>[];
  /** user.registered and user.onboarded events auth has published so far (after flush). */
  heroEvents: EventEnvelope[];
  /** user.xp_changed events auth has published so far (after flush). */
  xpChanges: EventEnvelope<'user.xp_changed'>[];
  flush(): Promise<void>;
  close(): Promise<void>;
}

export async function startAuthHarness(): Promise<AuthHarness> {
  const database = await openPglite(undefined);
  await migrate(database, 'auth', new URL('../../prisma/migrations/', import.meta.url));
  const db = createAuthDb(database);
  const bus = new InProcessEventBus({ retry: { attempts: 1 } });
  const events = createServiceEvents({ schema: 'auth', prisma: db, bus });
  await consumeXpEvents(events);
  const levelUps: EventEnvelope<'user.leveled_up'>[] = [];
  const heroEvents: EventEnvelope[] = [];
  const xpChanges: EventEnvelope<'user.xp_changed'>[] = [];
  await bus.subscribe('listener', ['user.leveled_up'], async (event) => {
    levelUps.push(event as EventEnvelope<'user.leveled_up'>);
  });
  await bus.subscribe('listener', ['user.registered', 'user.onboarded'], async (event) => {
    heroEvents.push(event);
  });
  await bus.subscribe('listener', ['user.xp_changed'], async (event) => {
    xpChanges.push(event as EventEnvelope<'user.xp_changed'>);
  });
  await events.start();
  return {
    db,
    events,
    async publish(name, payload) {
      const event = createEnvelope(name, payload, payload.userId);
      await bus.publish(event as EventEnvelope);
      return event;
    },
    redeliver: (event) => bus.publish(event),
    async newHero(name = 'Aria') {
      const user = await db.user.create({ data: { email: `${crypto.randomUUID()}@example.com`, name } });
      return user.id;
    },
    total: (userId) => totalXp(db, userId),
    levelUps,
    heroEvents,
    xpChanges,
    flush: () => events.flush(),
    async close() {
      await events.stop();
      await bus.close();
      await db.$disconnect();
      await database.close();
    },
  };
}
