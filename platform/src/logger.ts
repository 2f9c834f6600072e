import pino from 'pino';

export type Logger = pino.Logger;

/** Log output held for a reader that is not keeping up (16 MiB of characters). */
const MAX_BUFFERED = 16 * 1024 * 1024;

export function createLogger(
  level: string,
  name = 'lifequest',
  format: 'auto' | 'json' | 'pretty' = 'json',
): Logger {
  const pretty = format === 'pretty' || (format === 'auto' && process.stdout.isTTY === true);
  // Lines go out asynchronously (in order; what is still buffered is written on exit). Written
  // synchronously, a reader slower than the process (a busy log collector, a full pipe) made pino
  // sleep and retry on the one thread that serves every request: 10% of the embedded process's CPU
  // profile under load, and its slowest answers. A reader that stops altogether costs at most
  // MAX_BUFFERED characters of memory; lines past that are dropped rather than held.
  const destination = pretty
    ? undefined
    : pino.destination({ dest: 1, sync: false, maxLength: MAX_BUFFERED });
  return pino(
    {
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
    },
    destination,
  );
}
