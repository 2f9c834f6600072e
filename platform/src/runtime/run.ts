import type { AddressInfo } from 'node:net';
import { type Config, usesEmbeddedDatabase } from '../config.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { type Database, openPglite, openPostgres } from '../db/database.ts';
import { migrate } from '../db/migrations.ts';
import type { EventBus } from '../events/ports.ts';
import { inProcessClient } from '../http/in-process.ts';
import { createHttpServer, type HttpServer } from '../http/server.ts';
import { ServiceDirectory } from '../http/service-directory.ts';
import type { Logger } from '../logger.ts';
import { moduleContext } from './context.ts';
import type { ServiceModule } from './module.ts';
import { resolveSecrets } from './secrets.ts';
import { createTransports } from './transports.ts';

/** One /api prefix the gateway forwards, and to which module. */
export interface GatewayRoute {
  prefix: string;
  service: string;
  /** Only admins get through (the module declared `adminOnly`); the service checks again. */
  admin: boolean;
  /** Forwarded without a session or identity (the module's `publicRoutePrefixes`); the service checks access. */
  public?: boolean;
}

/** What the runtime hands the gateway module. */
export interface GatewayOptions {
  config: Config;
  log: Logger;
  db: Database | undefined;
  services: ServiceDirectory;
  /** Every module's route prefixes, most specific first. */
  routes: readonly GatewayRoute[];
  sessionSecret: string;
  internalSecret: string;
  /** The process's bus: the gateway consumes the events that end a deleted hero's sessions. */
  bus: EventBus;
  /** Serve the dead-letter routes of the `npm run dlq` CLI (embedded: only this process holds the bus). */
  deadLetterRoutes: boolean;
}

export type GatewayStarter = (
  options: GatewayOptions,
) => Promise<{ app: HttpServer; close(): Promise<void> }>;

/** The composition root's list of what LifeQuest is made of (app/src/registry.ts). */
export interface Registry {
  modules: readonly ServiceModule[];
  gateway: GatewayStarter;
}

export interface RunningLifeQuest {
  /** The URL a browser uses (the gateway), or the service's own URL for a single-service target. */
  url: string;
  serviceUrls: Record<string, string>;
  close(): Promise<void>;
}

/** The gateway's routing table from the modules' declarations, most specific prefix first. */
export function gatewayRoutes(modules: readonly ServiceModule[]): GatewayRoute[] {
  return modules
    .flatMap((m) => [
      ...m.routePrefixes.map((prefix) => ({ prefix, service: m.name, admin: m.adminOnly === true })),
      ...(m.publicRoutePrefixes ?? []).map((prefix) => ({
        prefix,
        service: m.name,
        admin: false,
        public: true,
      })),
    ])
    .sort((a, b) => b.prefix.length - a.prefix.length);
}

/** Which modules a target runs, and whether it runs only their workers. */
export function modulesFor(
  target: string,
  modules: readonly ServiceModule[],
): { modules: ServiceModule[]; workersOnly: boolean } {
  if (target === 'all') return { modules: [...modules], workersOnly: false };
  if (target === 'gateway') return { modules: [], workersOnly: false };
  const own = modules.filter((m) => m.name === target);
  if (own.length > 0) return { modules: own, workersOnly: false };
  const workers = modules.filter((m) => m.worker?.target === target);
  if (workers.length > 0) return { modules: workers, workersOnly: true };
  throw new Error(`No module runs the target '${target}'`);
}

/**
 * Starts the modules of one target (Loki's single binary vs microservices mode). `all` runs every
 * service on loopback ports behind the gateway in one process, on the embedded parts unless configured.
 */
export async function run(config: Config, registry: Registry, log: Logger): Promise<RunningLifeQuest> {
  const closers: (() => Promise<void> | void)[] = [];
  const started: (() => Promise<void> | void)[] = [];
  const close = async () => {
    for (const fn of closers.splice(0).reverse()) {
      try {
        await fn();
      } catch (error) {
        log.error({ err: error }, 'error during shutdown');
      }
    }
  };

  try {
    const secrets = resolveSecrets(config);
    const { modules, workersOnly } = modulesFor(config.target, registry.modules);
    // The gateway alone keeps sessions in Redis; everything else lives in a database.
    const needsDb = modules.length > 0 || config.target === 'all';

    let db: Database | undefined;
    if (needsDb) {
      if (usesEmbeddedDatabase(config)) {
        const unlock = await lockDataDir(config.dataDir, (error) => {
          log.fatal({ err: error }, 'lost the data directory lock; stopping to protect the data');
          process.kill(process.pid, 'SIGTERM');
        });
        closers.push(unlock);
        db = await openPglite(config.dataDir);
        log.info({ dataDir: config.dataDir }, 'embedded database (PGlite) opened');
      } else {
        db = await openPostgres(config.databaseUrl!);
      }
      const opened = db;
      closers.push(() => opened.close());
    }

    const transports = await createTransports(config, db, log);
    closers.push(() => transports.close());

    const directory = new ServiceDirectory(secrets.internalSecret, config.target, config.serviceUrls);
    const serviceUrls: Record<string, string> = {};

    for (const module of modules) {
      if (!db) throw new Error(`The ${module.name} service needs a database`);
      const result = await migrate(db, module.schema, module.migrations);
      if (result.applied.length > 0) log.info({ schema: module.schema, applied: result.applied }, 'migrated');
      const ctx = moduleContext(module, {
        config,
        log: log.child({ module: module.name }),
        db,
        bus: transports.bus,
        jobs: transports.jobs,
        services: directory,
        internalSecret: secrets.internalSecret,
        onClose: (fn) => closers.push(fn),
        onStarted: (fn) => started.push(fn),
      });
      if (workersOnly) {
        await module.startWorkers?.(ctx);
        continue;
      }
      const app = await createHttpServer({
        name: module.name,
        logger: log,
        bodyLimitBytes: config.bodyLimitBytes,
        trustProxy: config.trustProxy,
        internalSecret: secrets.internalSecret,
        // Ready means the service can reach its database; a lost connection takes it out of rotation.
        readinessChecks: [async () => void (await db.query('select 1'))],
      });
      await module.setup(app, ctx);
      if (config.target === 'all') await module.startWorkers?.(ctx);
      closers.push(() => app.close());
      const single = config.target !== 'all';
      await app.listen({ host: single ? config.host : '127.0.0.1', port: single ? config.port : 0 });
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      serviceUrls[module.name] = url;
      directory.set(module.name, url);
      // One process: the gateway hands its requests to the service directly (the port stays open for the rest).
      if (!single) directory.setInProcess(module.name, inProcessClient(app));
    }

    // The gateway subscribes before any relay starts (embedded, an event published earlier would miss it).
    const gateway =
      config.target === 'all' || config.target === 'gateway'
        ? await registry.gateway({
            config,
            log,
            db,
            services: directory,
            routes: gatewayRoutes(registry.modules),
            sessionSecret: secrets.sessionSecret,
            internalSecret: secrets.internalSecret,
            bus: transports.bus,
            deadLetterRoutes: config.target === 'all',
          })
        : undefined;
    if (gateway) closers.push(() => gateway.close());

    for (const fn of started) await fn();

    if (gateway) {
      await gateway.app.listen({ host: config.host, port: config.port });
      const port = (gateway.app.server.address() as AddressInfo).port;
      return { url: `http://localhost:${port}`, serviceUrls, close };
    }

    if (workersOnly) {
      // The worker serves only health and metrics so an orchestrator can probe and scrape it.
      const app = await createHttpServer({ name: config.target, logger: log, bodyLimitBytes: 1024 });
      closers.push(() => app.close());
      await app.listen({ host: config.host, port: config.port });
      return { url: `http://localhost:${(app.server.address() as AddressInfo).port}`, serviceUrls, close };
    }
    const only = modules[0]!;
    return { url: serviceUrls[only.name]!, serviceUrls, close };
  } catch (error) {
    await close();
    throw error;
  }
}
