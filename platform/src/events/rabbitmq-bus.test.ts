import { openPostgres } from '../db/database.ts';
import { createIsolatedDatabase, describeWithInfra, resolveInfra, uniqueName } from '../testing/infra.ts';
import { deleteRabbitMqTopology } from '../testing/rabbitmq.ts';
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
});
