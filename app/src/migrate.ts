// `node app/src/migrate.ts`: the deployment's migration step (Compose's `migrate`, the k8s Job). Applies
// every module's SQL migrations to DATABASE_URL and exits, so replicas start on migrated schemas instead
// of racing to migrate. Exit codes: 0 migrated (or nothing to do), 78 configuration, 1 a failed migration.
import {
  ConfigError,
  createLogger,
  type Database,
  type Logger,
  loadConfig,
  migrate,
  openPostgres,
  type ServiceModule,
} from '@lifequest/platform';
import { registry } from './registry.ts';

/** Each module's schema in turn, each under its advisory lock (platform's `migrate`). */
export async function migrateAll(
  db: Database,
  modules: readonly Pick<ServiceModule, 'schema' | 'migrations'>[],
  log: Logger,
): Promise<void> {
  for (const module of modules) {
    const { applied, skipped } = await migrate(db, module.schema, module.migrations);
    log.info(
      { schema: module.schema, applied, alreadyApplied: skipped.length },
      applied.length > 0 ? 'migrated' : 'up to date',
    );
  }
}

/**
 * Says so when the server's autovacuum is off. LifeQuest updates the same rows on every toggle (a hero's
 * totals, their ranking row, the outbox's rows as they are published), and without autovacuum their dead
 * versions pile up and every toggle reads more of them (docs/operations.md#postgresql-rabbitmq-and-redis).
 * A warning, not a refusal: a database may be vacuumed by other means.
 */
async function warnIfAutovacuumOff(db: Database, log: Logger): Promise<void> {
  const [row] = await db.query<{ autovacuum: string }>('show autovacuum');
  if (row?.autovacuum === 'off') {
    log.warn(
      { autovacuum: 'off' },
      "PostgreSQL's autovacuum is off: rows LifeQuest updates on every toggle will bloat unless the database is vacuumed otherwise",
    );
  }
}

async function main(): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, [], registry.modules);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 78;
  }
  if (!config.databaseUrl) {
    // Embedded, each start migrates its own data dir; this step is for PostgreSQL.
    console.error('LifeQuest cannot migrate: DATABASE_URL is required (the PostgreSQL every service uses).');
    return 78;
  }
  const log = createLogger(config.logLevel, 'lifequest-migrate', config.logFormat);
  let db: Database | undefined;
  try {
    db = await openPostgres(config.databaseUrl);
    await migrateAll(db, registry.modules, log);
    await warnIfAutovacuumOff(db, log);
    return 0;
  } catch (error) {
    log.fatal({ err: error }, 'migration failed');
    console.error(`\nLifeQuest could not migrate: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await db?.close();
  }
}

if (import.meta.main) process.exitCode = await main();
