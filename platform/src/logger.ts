import pino from 'pino';

export type Logger = pino.Logger;

export function createLogger(level: string, name = 'lifequest'): Logger {
  return pino({
    name,
    level,
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
