import type { AddressInfo } from 'node:net';
import { type Config, SERVICE_TARGETS, type ServiceName, usesEmbeddedDatabase } from '../config.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { type Database, openPglite, openPostgres } from '../db/database.ts';
import { migrate } from '../db/migrations.ts';
import type { EventBus } from '../events/ports.ts';
import { createHttpServer, type HttpServer } from '../http/server.ts';
import type { Logger } from '../logger.ts';
import type { ModuleContext, ModuleLoader, ServiceModule } from './module.ts';
import { resolveSecrets } from './secrets.ts';
import { ServiceDirectory } from './service-directory.ts';
import { createTransports } from './transports.ts';

/** What the runtime hands the gateway module. */
export interface GatewayOptions {
  config: Config;
  log: Logger;
  db: Database | undefined;
  services: ServiceDirectory;
  sessionSecret: string;
  internalSecret: string;
  /** The process's bus when it runs everything (embedded ops routes for dead letters). */
  bus?: EventBus;
}

export type GatewayStarter = (
  options: GatewayOptions,
) => Promise<{ app: HttpServer; close(): Promise<void> }>;

export interface Registry {
  services: Record<ServiceName, ModuleLoader>;
  gateway: () => Promise<GatewayStarter>;
}

export interface RunningLifeQuest {
  /** The URL a browser uses (the gateway), or the service's own URL for a single-service target. */
  url: string;
  serviceUrls: Partial<Record<ServiceName, string>>;
  close(): Promise<void>;
}

/** Which service modules a target runs. */
export function servicesFor(target: Config['target']): ServiceName[] {
  if (target === 'all') return [...SERVICE_TARGETS];
  if (target === 'ai-worker') return ['ai'];
  if (target === 'gateway') return [];
  return [target];
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
    const names = servicesFor(config.target);
    // The gateway alone keeps sessions in Redis; everything else lives in a database.
    const needsDb = names.length > 0 || config.target === 'all';

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
    const workerOnly = config.target === 'ai-worker';
    const serviceUrls: Partial<Record<ServiceName, string>> = {};

    for (const name of names) {
      const module: ServiceModule = await registry.services[name]();
      if (!db) throw new Error(`The ${name} service needs a database`);
      const result = await migrate(db, module.schema, module.migrations);
      if (result.applied.length > 0) log.info({ schema: module.schema, applied: result.applied }, 'migrated');
      const ctx: ModuleContext = {
        config,
        log: log.child({ module: name }),
        db,
        bus: transports.bus,
        jobs: transports.jobs,
        services: directory,
        internalSecret: secrets.internalSecret,
        onClose: (fn) => closers.push(fn),
        onStarted: (fn) => started.push(fn),
      };
      if (workerOnly) {
        await module.startWorkers?.(ctx);
        continue;
      }
      const app = await createHttpServer({
        name,
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
      serviceUrls[name] = url;
      directory.set(name, url);
    }

    for (const fn of started) await fn();

    if (config.target === 'all' || config.target === 'gateway') {
      const startGateway = await registry.gateway();
      const gateway = await startGateway({
        config,
        log,
        db,
        services: directory,
        sessionSecret: secrets.sessionSecret,
        internalSecret: secrets.internalSecret,
        bus: config.target === 'all' ? transports.bus : undefined,
      });
      closers.push(() => gateway.close());
      await gateway.app.listen({ host: config.host, port: config.port });
      const port = (gateway.app.server.address() as AddressInfo).port;
      return { url: `http://localhost:${port}`, serviceUrls, close };
    }

    if (workerOnly) {
      // The worker serves only health and metrics so an orchestrator can probe and scrape it.
      const app = await createHttpServer({ name: 'ai-worker', logger: log, bodyLimitBytes: 1024 });
      closers.push(() => app.close());
      await app.listen({ host: config.host, port: config.port });
      return { url: `http://localhost:${(app.server.address() as AddressInfo).port}`, serviceUrls, close };
    }
    const only = names[0]!;
    return { url: serviceUrls[only]!, serviceUrls, close };
  } catch (error) {
    await close();
    throw error;
  }
}
