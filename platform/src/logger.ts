import pino from 'pino';

export type Logger = pino.Logger;

/** Log lines are written in batches of about this many bytes, and at least this often. */
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 250;

/**
 * Every process logs one line per request (info, the default). Written one by one, each line was a
 * write of its own through libuv's thread pool: 11% of the gateway's CPU under load in the bench's
 * profiles. Batched, a write carries a dozen lines; a quiet process still shows its lines within
 * LOG_FLUSH_MS, and pino writes what is left when the process exits (a SIGKILL can lose the last batch).
 */
export function createLogger(
  level: string,
  name = 'lifequest',
  format: 'auto' | 'json' | 'pretty' = 'json',
): Logger {
  const pretty = format === 'pretty' || (format === 'auto' && process.stdout.isTTY === true);
  const destination = pretty
    ? undefined
    : pino.destination({ dest: 1, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS });
  const options: pino.LoggerOptions = {
    name,
    level,
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { colorize: true, ignore: 'pid,hostname,name', translateTime: 'HH:MM:ss' },
          },
        }
      : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-lifequest-identity"]',
        '*.password',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
