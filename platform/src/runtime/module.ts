import type { Config, ServiceName } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { EventBus } from '../events/ports.ts';
import type { HttpServer } from '../http/server.ts';
import type { JobQueue } from '../jobs/ports.ts';
import type { Logger } from '../logger.ts';
import type { ServiceDirectory } from './service-directory.ts';

/** What the runtime hands a module: the transports chosen by config. Module code never knows which. */
export interface ModuleContext {
  config: Config;
  log: Logger;
  db: Database;
  bus: EventBus;
  jobs: JobQueue;
  services: ServiceDirectory;
  internalSecret: string;
  /** Called in reverse order of registration on shutdown. */
  onClose(fn: () => Promise<void> | void): void;
  /** Called once every module in the process has subscribed: start relays and pollers here. */
  onStarted(fn: () => Promise<void> | void): void;
}

/** A service module: owns one Postgres schema and serves its slice of /api behind the gateway. */
export interface ServiceModule {
  name: ServiceName;
  schema: string;
  /** Folder of the schema's SQL migrations (`NNNN_name.sql`), applied at boot. */
  migrations: URL;
  /** Registers routes, consumers and, for the HTTP target, everything the service serves. */
  setup(app: HttpServer, ctx: ModuleContext): Promise<void>;
  /** Background workers; run by target `all` and by the service's worker target (ai-worker). */
  startWorkers?(ctx: ModuleContext): Promise<void>;
}

export type ModuleLoader = () => Promise<ServiceModule>;
