import pino from 'pino';

export type Logger = pino.Logger;

/**
 * A secret carried in a URL path (a calendar feed's address: the address is the secret) starts with
 * this prefix; every logged URL has such segments replaced, so no log line holds one.
 */
export const SECRET_PATH_PREFIX = 'lqs_';
const SECRET_SEGMENT = new RegExp(`${SECRET_PATH_PREFIX}[^/?#]*`, 'g');

/** A percent-encoded unreserved character (RFC 3986 2.3): the same URL as the character itself. */
const ENCODED_UNRESERVED = /%(?:[46][1-9A-F]|[57][0-9A]|3[0-9]|2[DE]|5F|7E)/gi;

export function redactSecretPaths(url: string | undefined): string | undefined {
  if (url === undefined || !SECRET_MAY_HIDE.test(url)) return url;
  // The router decodes `%6Cqs_…` to the same secret as `lqs_…`: decoded first, it is redacted too.
  return url
    .replace(ENCODED_UNRESERVED, (code) => String.fromCharCode(Number.parseInt(code.slice(1), 16)))
    .replace(SECRET_SEGMENT, `${SECRET_PATH_PREFIX}[redacted]`);
}
/** Whether a URL could hold a secret segment: the prefix, or percent-encoding that could spell it. */
const SECRET_MAY_HIDE = new RegExp(`${SECRET_PATH_PREFIX}|%`);

/** Fastify's request serializer, with secrets in the path redacted (Fastify uses a logger's own). */
export const requestSerializers = {
  req: (req: LoggedRequest) => ({
    method: req.method,
    url: redactSecretPaths(req.url),
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }),
};

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

/** Log lines are written in batches of about this many bytes, and at least this often. */
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 250;
/** Log output held for a reader that is not keeping up (16 MiB of characters). */
const MAX_BUFFERED = 16 * 1024 * 1024;

export function createLogger(
  level: string,
  name = 'lifequest',
  format: 'auto' | 'json' | 'pretty' = 'json',
): Logger {
  const pretty = format === 'pretty' || (format === 'auto' && process.stdout.isTTY === true);
  // Every process logs one line per request (info, the default). Written one by one, each line was a
  // write of its own through libuv's thread pool: 11% of the gateway's CPU under load in the bench's
  // profiles; so lines go out in batches of LOG_BATCH_BYTES, at least every LOG_FLUSH_MS. And they go
  // out asynchronously (in order; what is still buffered is written on exit, a SIGKILL can lose the
  // last batch): written synchronously, a reader slower than the process (a busy log collector, a full
  // pipe) made pino sleep and retry on the one thread that serves every request, 10% of the embedded
  // process's CPU profile under load and its slowest answers. A reader that stops altogether costs at
  // most MAX_BUFFERED characters of memory; lines past that are dropped rather than held.
  const destination = pretty
    ? undefined
    : pino.destination({
        dest: 1,
        sync: false,
        minLength: LOG_BATCH_BYTES,
        periodicFlush: LOG_FLUSH_MS,
        maxLength: MAX_BUFFERED,
      });
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
    serializers: requestSerializers,
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
