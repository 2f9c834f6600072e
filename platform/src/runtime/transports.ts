import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { createEventBus } from '../events/create-bus.ts';
import type { EventBus } from '../events/ports.ts';
import { createJobQueue } from '../jobs/create-queue.ts';
import type { JobQueue } from '../jobs/ports.ts';
import type { Logger } from '../logger.ts';

export interface Transports {
  bus: EventBus;
  jobs: JobQueue;
  close(): Promise<void>;
}

/** Picks the bus and the job queue from config: RabbitMQ and BullMQ when configured, else in-process. */
export async function createTransports(
  config: Config,
  db: Database | undefined,
  log: Logger,
): Promise<Transports> {
  const bus = await createEventBus(config, { db, log });
  const jobs = createJobQueue(config, { log });
  return {
    bus,
    jobs,
    async close() {
      await jobs.close();
      await bus.close();
    },
  };
}
