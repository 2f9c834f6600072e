import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { MemoryDeadLetterStore, SqlDeadLetterStore } from './dead-letter-store.ts';
import { InProcessEventBus } from './in-process-bus.ts';
import { registerBusMetrics } from './metrics.ts';
import type { EventBus } from './ports.ts';
import { RabbitMqEventBus } from './rabbitmq-bus.ts';
import type { RetryPolicy } from './retry.ts';

export interface CreateEventBusOptions {
  /** The process's database: the in-process bus keeps its dead letters there (platform._dead_letters). */
  db?: Database;
  log: Logger;
  retry?: Partial<RetryPolicy>;
  /** RabbitMQ names prefix (default 'lifequest'). */
  prefix?: string;
}

/** RabbitMQ when AMQP_URL is set, else the in-process bus. Module code never knows which it got. */
export async function createEventBus(config: Config, options: CreateEventBusOptions): Promise<EventBus> {
  const log = options.log.child({ component: 'event-bus' });
  let bus: EventBus;
  if (config.amqpUrl) {
    bus = await RabbitMqEventBus.connect({
      url: config.amqpUrl,
      prefix: options.prefix ?? config.infraPrefix,
      retry: options.retry,
      log,
    });
  } else {
    const deadLetters = options.db ? new SqlDeadLetterStore(options.db) : new MemoryDeadLetterStore();
    if (deadLetters instanceof SqlDeadLetterStore) await deadLetters.init();
    bus = new InProcessEventBus({ retry: options.retry, deadLetters, log });
  }
  // A closed bus fails its stats and simply drops out of the scrape.
  registerBusMetrics(bus);
  return bus;
}
