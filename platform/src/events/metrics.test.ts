import { createEnvelope } from '@lifequest/proto';
import { expect, it } from 'vitest';
import { openPglite } from '../db/database.ts';
import { metricsRegistry } from '../http/metrics.ts';
import { createServiceSchema } from './bus.conformance.ts';
import { InProcessEventBus } from './in-process-bus.ts';
import { registerBusMetrics } from './metrics.ts';
import { createServiceEvents } from './service-events.ts';
import { sqlClient } from './sql-client.ts';

// Ids in events are UUIDs.
const HERO = '10000000-0000-4000-8000-000000000001';
const QUEST = '20000000-0000-4000-8000-000000000001';

it('exports dead letters and queue depth per consumer', async () => {
  const bus = new InProcessEventBus({ retry: { attempts: 1 } });
  const unregister = registerBusMetrics(bus);
  await bus.subscribe('metrics_consumer', ['goal.deleted'], async () => {
    throw new Error('always fails');
  });
  await bus.publish(createEnvelope('goal.deleted', { goalId: QUEST, userId: HERO }, null));
  const text = await metricsRegistry.metrics();
  unregister();
  expect(text).toMatch(/lifequest_event_dead_letters\{consumer="metrics_consumer"\} 1\n/);
  expect(text).toMatch(/lifequest_event_queue_depth\{consumer="metrics_consumer"\} 0\n/);
  expect(await metricsRegistry.metrics()).not.toMatch(/consumer="metrics_consumer"/);
});

it('exports the outbox backlog of each running relay by schema', async () => {
  const db = await openPglite(undefined);
  try {
    await createServiceSchema(db, 'metrics_q');
    // A bus that refuses every publish: the event stays in the outbox.
    const broken = new InProcessEventBus();
    await broken.close();
    const events = createServiceEvents({
      schema: 'metrics_q',
      publisher: 'quests',
      prisma: sqlClient(db),
      bus: broken,
    });
    await events.start();
    await events.transaction((_tx, emit) => emit('goal.deleted', { goalId: QUEST, userId: HERO }, null));
    const running = await metricsRegistry.metrics();
    await events.stop();
    expect(running).toMatch(/lifequest_outbox_backlog\{schema="metrics_q"\} 1\n/);
    expect(await metricsRegistry.metrics()).not.toMatch(/schema="metrics_q"/);
  } finally {
    await db.close();
  }
}, 60_000);
