import type { EventName } from '@lifequest/proto';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { EventBus, SqlTx, TransactionalClient } from '../events/ports.ts';
import type { ServiceEvents } from '../events/service-events.ts';
import type { HttpServer } from '../http/server.ts';
import type { ServiceDirectory } from '../http/service-directory.ts';
import type { JobQueue } from '../jobs/ports.ts';
import type { Logger } from '../logger.ts';

/**
 * What a module declares about itself for the runtime and the config: its name (also its target and the
 * `<NAME>_URL` variable other processes use to reach it), default port and what its targets need.
 * The platform reads these instead of knowing any service by name.
 */
export interface TargetDeclaration {
  /** Lower-case; the target name, the consumer name of its events and the `<NAME>_URL` variable. */
  name: string;
  /** The port it listens on by default when it runs as its own target. */
  port: number;
  /** Infrastructure its targets need when distributed (a database and the bus every module needs). */
  needs?: { redis?: boolean };
  /** A separate target that runs only the module's workers (`startWorkers`), with its own port. */
  worker?: { target: string; port: number };
}

/** What the runtime hands a module: the transports chosen by config. Module code never knows which. */
export interface ModuleContext {
  config: Config;
  log: Logger;
  db: Database;
  bus: EventBus;
  jobs: JobQueue;
  services: ServiceDirectory;
  internalSecret: string;
  /**
   * The module's outbox, relay and inbox over its Prisma client (in its own schema). The platform starts
   * the relay once every module subscribed and stops it before the client disconnects; `subscribe` only
   * takes the events the module declared in `subscribes`. Call once per process (setup and workers share it).
   */
  events<Tx extends SqlTx>(prisma: TransactionalClient<Tx>): ServiceEvents<Tx>;
  /** Called in reverse order of registration on shutdown. */
  onClose(fn: () => Promise<void> | void): void;
  /** Called once every module in the process has subscribed: start pollers here. */
  onStarted(fn: () => Promise<void> | void): void;
}

/** A service module: owns one Postgres schema and serves its slice of /api behind the gateway. */
export interface ServiceModule extends TargetDeclaration {
  schema: string;
  /** Folder of the schema's SQL migrations (`NNNN_name.sql`), applied at boot. */
  migrations: URL;
  /** The /api prefixes the gateway forwards to this module. */
  routePrefixes: readonly string[];
  /**
   * Prefixes (more specific than a `routePrefixes` one) whose routes the gateway forwards without a
   * session or identity: their routes are `access: 'public'` and guard themselves (a calendar feed whose
   * address is its secret). Never logged with their secret: see SECRET_PATH_PREFIX.
   */
  publicRoutePrefixes?: readonly string[];
  /** Every route behind `routePrefixes` is for admins: the gateway refuses others before forwarding. */
  adminOnly?: boolean;
  /** The events it consumes; `ctx.events(...).subscribe` refuses any other. */
  subscribes: readonly EventName[];
  /** Registers routes (each declaring its `access`), consumers and everything the service serves. */
  setup(app: HttpServer, ctx: ModuleContext): Promise<void>;
  /** Background workers; run by target `all` and by the module's worker target. */
  startWorkers?(ctx: ModuleContext): Promise<void>;
}
