import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import { expect, it } from 'vitest';
import { openPostgres } from '../db/database.ts';
import { createIsolatedDatabase, describeWithInfra, resolveInfra, uniqueName } from '../testing/infra.ts';
import { deleteRabbitMqTopology } from '../testing/rabbitmq.ts';
import { waitUntil } from '../testing/wait.ts';
import { describeEventBusConformance } from './bus.conformance.ts';
import { RabbitMqEventBus } from './rabbitmq-bus.ts';

const retry = { attempts: 3, baseDelayMs: 20, maxDelayMs: 100 };
const postgresUrl = await resolveInfra('postgres');

await describeWithInfra('rabbitmq', 'RabbitMQ with PostgreSQL', (amqpUrl) => {
  describeEventBusConformance('RabbitMQ bus on PostgreSQL', async () => {
    if (!postgresUrl) throw new Error('this suite needs PostgreSQL too (see the infra warning above)');
    const database = await createIsolatedDatabase(postgresUrl);
    const db = await openPostgres(database.url, { max: 20 });
    const prefix = uniqueName('lqtest');
    const buses: RabbitMqEventBus[] = [];
    return {
      db,
      retry,
      async openBus() {
        const bus = await RabbitMqEventBus.connect({ url: amqpUrl, prefix, retry });
        buses.push(bus);
        return bus;
      },
      async dispose() {
        const consumers = buses.flatMap((b) => b.subscribedConsumers);
        await deleteRabbitMqTopology({ url: amqpUrl, prefix, retry }, [...new Set(consumers)]);
        await db.close();
        await database.dispose();
      },
    };
  });

  it('dead-letters an event naming a hero by anything but a UUID, and never hands it to the consumer', async () => {
    const prefix = uniqueName('lqtest');
    const bus = await RabbitMqEventBus.connect({ url: amqpUrl, prefix, retry });
    const handled: unknown[] = [];
    try {
      await bus.subscribe('purger', ['user.deleted'], async (event) => {
        handled.push(event);
      });
      // A producer that skips the platform's validation (the bus's publish would refuse this event).
      const connection = await amqp.connect(amqpUrl);
      try {
        const channel = await connection.createConfirmChannel();
        const event = {
          id: randomUUID(),
          name: 'user.deleted',
          version: 1,
          occurredAt: new Date().toISOString(),
          actorId: null,
          payload: { userId: 'hero-1' },
        };
        channel.publish(bus.exchange, 'user.deleted', Buffer.from(JSON.stringify(event)), {
          persistent: true,
        });
        await channel.waitForConfirms();
      } finally {
        await connection.close();
      }
      const [letter] = await waitUntil('the dead letter', async () => {
        const letters = await bus.listDeadLetters('purger');
        return letters.length > 0 ? letters : undefined;
      });
      expect(letter?.error).toMatch(/payload\.userId: Invalid UUID/);
      expect(handled).toEqual([]);
    } finally {
      await bus.close();
      await deleteRabbitMqTopology({ url: amqpUrl, prefix, retry }, ['purger']);
    }
  });
});
