import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(
  level: string,
  name = 'lifequest',
  format: 'auto' | 'json' | 'pretty' = 'json',
): Logger {
  const pretty = format === 'pretty' || (format === 'auto' && process.stdout.isTTY === true);
  return pino({
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
  });
}
