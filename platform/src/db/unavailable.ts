/** What a caller is told (503 SERVICE_UNAVAILABLE) when the database dropped or refused the connection. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable for a moment. Please try again.';

/**
 * Whether an error means "the database could not be reached or dropped the connection" (a restart, a
 * failover, `pg_terminate_backend`, a network cut, a full pool) rather than a mistake in the request or
 * a bug. Such a request is answered 503 SERVICE_UNAVAILABLE with Retry-After (see the HTTP server's
 * error table), and the work that certainly did not happen is tried once more on a fresh connection
 * (plain reads in the PostgreSQL driver adapter, uncommitted units of work in ServiceEvents).
 *
 * The same loss reaches us in several shapes, all seen while PostgreSQL terminated connections under
 * load (services/quests' connection-loss test): Prisma's known request errors (P2010 raw query failed,
 * P2039 database error) whose driver-adapter cause carries the SQLSTATE; the adapter's DriverAdapterError
 * itself (from BEGIN or COMMIT); node-postgres's own errors without a code ("Connection terminated
 * unexpectedly", "Client has encountered a connection error and is not queryable"); and socket errors.
 * Redis (sessions, the login limits) going away is answered the same way: ioredis's errors for it.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const stack: unknown[] = [error];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    const e = current as Record<string, unknown>;
    if (typeof e.code === 'string' && (PRISMA_CODES.has(e.code) || CONNECTION_CODES.has(e.code))) return true;
    if (typeof e.originalCode === 'string' && CONNECTION_CODES.has(e.originalCode)) return true;
    if (typeof e.kind === 'string' && ADAPTER_KINDS.has(e.kind)) return true;
    if (e.name === 'MaxRetriesPerRequestError') return true; // ioredis: Redis (sessions, limits) is down
    if (typeof e.message === 'string' && CONNECTION_MESSAGES.some((m) => (e.message as string).includes(m)))
      return true;
    stack.push(e.cause);
    const meta = e.meta as Record<string, unknown> | undefined;
    if (meta && typeof meta === 'object') stack.push(meta.driverAdapterError);
  }
  return false;
}

/**
 * Whether the failed statement certainly never reached the server: node-postgres refuses to send on a
 * client it already knows is broken. A transaction whose COMMIT failed this way was rolled back by the
 * server when its connection ended, so it is as safe to run again as one that failed before its commit.
 */
export function wasNeverSent(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    const e = current as Record<string, unknown>;
    if (typeof e.message === 'string' && e.message.includes(NOT_QUERYABLE)) return true;
    const meta = e.meta as Record<string, unknown> | undefined;
    current = e.cause ?? meta?.driverAdapterError;
  }
  return false;
}

const NOT_QUERYABLE = 'Client has encountered a connection error and is not queryable';

/** Prisma's error codes for a database it cannot reach or that closed the connection. */
const PRISMA_CODES = new Set([
  'P1001', // can't reach database server
  'P1002', // database server reached but timed out
  'P1008', // operations timed out (socket timeout)
  'P1017', // server has closed the connection
  'P2024', // timed out fetching a new connection from the pool
]);

/** PostgreSQL SQLSTATEs of a server going away or refusing connections, and socket error codes. */
const CONNECTION_CODES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, in recovery
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08004', // sqlserver_rejected_establishment_of_sqlconnection
  '08006', // connection_failure
  '53300', // too_many_connections
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
]);

/** The driver adapter's kinds for the same (Prisma's DriverAdapterError `cause.kind`). */
const ADAPTER_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
]);

/** node-postgres and pg-pool errors that carry no code. */
const CONNECTION_MESSAGES = [
  'Connection terminated', // "... unexpectedly", "... due to connection timeout"
  NOT_QUERYABLE,
  'timeout exceeded when trying to connect',
  'Connection is closed.', // ioredis
];
