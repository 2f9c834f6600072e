// What a service, the gateway and the app may use of the platform, by name. The outbox and the inbox
// are only reached through a service's events (`ServiceEvents`): nothing outside the platform writes
// an outbox row around the unit of work (docs/architecture.md#unit-of-work).
export { type Config, ConfigError, configVariables, loadConfig, targetsOf, urlVariable } from './config.ts';
export { lockDataDir } from './db/data-dir-lock.ts';
export { type Database, openPglite, openPostgres, type Queryable } from './db/database.ts';
export { migrate } from './db/migrations.ts';
export { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './db/unavailable.ts';
export { AppError, errorBody } from './errors.ts';
export { InProcessEventBus } from './events/in-process-bus.ts';
export type { EventBus, SqlTx } from './events/ports.ts';
export { deleteRabbitMqTopology, RabbitMqEventBus } from './events/rabbitmq-bus.ts';
export { createServiceEvents, type Emit, type ServiceEvents } from './events/service-events.ts';
export { type HeroTable, heroExportRoute, heroRows } from './export/hero-rows.ts';
export { bearerToken } from './http/bearer.ts';
export { type HeroIdentity, IDENTITY_HEADER, signIdentity } from './http/identity.ts';
export { replyMethodNotAllowed } from './http/methods.ts';
export { httpDuration, httpRequests } from './http/metrics.ts';
export {
  ACCESS_LEVELS,
  type Access,
  accessHook,
  createHttpServer,
  type HttpServer,
  replyError,
} from './http/server.ts';
export { ServiceDirectory, UpstreamError } from './http/service-directory.ts';
export { BullMqJobQueue } from './jobs/bullmq-queue.ts';
export { type EnqueueOptions, type JobQueue, UnrecoverableJobError } from './jobs/ports.ts';
export { type JobRunRecord, jobRuns, type ScheduledJob, scheduleJob } from './jobs/scheduled.ts';
export { createLogger, type Logger, SECRET_PATH_PREFIX } from './logger.ts';
export { runBackup, runRestore } from './ops/backup-command.ts';
export { internalSecretOf } from './ops/dlq-cli-secret.ts';
export { registerOpsRoutes } from './ops/routes.ts';
export { type PurgeOptions, purgedHeroHash, purgeOnUserDeleted } from './purge.ts';
export type { ModuleContext, ServiceModule } from './runtime/module.ts';
export { untilReady } from './runtime/readiness.ts';
export {
  type GatewayOptions,
  type GatewayRoute,
  type Registry,
  type RunningLifeQuest,
  run,
} from './runtime/run.ts';
