import { InProcessEventBus, migrate, openPglite } from '@lifequest/platform';
import { createEnvelope, type EventEnvelope } from '@lifequest/proto';
import { afterAll, expect, it } from 'vitest';
import { databaseSessionStore } from './database-store.ts';
import { endSessionsOfDeletedHeroes } from './deleted-heroes.ts';

const db = await openPglite(undefined);
await migrate(db, 'gateway', new URL('../../migrations/', import.meta.url), { eventTables: false });
const sessions = databaseSessionStore(db);
const bus = new InProcessEventBus({ retry: { attempts: 1 } });
await endSessionsOfDeletedHeroes(bus, sessions);
const purged: EventEnvelope[] = [];
await bus.subscribe('listener', ['user.purged'], async (event) => void purged.push(event));
afterAll(async () => {
  await bus.close();
  await db.close();
});

it("ends a deleted hero's sessions when the deletion is asked and again once auth deleted them, then confirms", async () => {
  const [hero, other] = [crypto.randomUUID(), crypto.randomUUID()];
  const first = await sessions.create({ userId: hero, email: 'gone@example.com' });
  const others = await sessions.create({ userId: other, email: 'stays@example.com' });

  await bus.publish(createEnvelope('user.deletion_requested', { userId: hero, requestedBy: other }, other));
  expect(await sessions.touch(first)).toBeNull();
  expect(purged).toEqual([]);

  // Signed in again before auth got to the deletion: that session ends too.
  const second = await sessions.create({ userId: hero, email: 'gone@example.com' });
  await bus.publish(createEnvelope('user.deleted', { userId: hero }, null));
  expect(await sessions.touch(second)).toBeNull();
  expect(await sessions.touch(others)).toMatchObject({ userId: other });
  expect(purged.map((e) => e.payload)).toEqual([{ userId: hero, service: 'gateway' }]);
  expect(await db.query('select 1 from gateway.sessions where user_id = $1', [hero])).toEqual([]);
});
