import { Writable } from 'node:stream';
import pino from 'pino';
import { expect, it } from 'vitest';
import { redactSecretPaths, requestSerializers, SECRET_PATH_PREFIX } from '../logger.ts';
import { createHttpServer } from './server.ts';

it('never logs a secret carried in a URL path, whether the request is answered or fails', async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const logger = pino({ level: 'info', serializers: requestSerializers }, sink);
  const app = await createHttpServer({ name: 'test', logger, bodyLimitBytes: 1_000 });
  app.get('/feed/:file', { config: { access: 'public' } }, async (request) => {
    if ((request.params as { file: string }).file.includes('boom')) throw new Error('kaboom');
    return { ok: true };
  });
  const secret = `${SECRET_PATH_PREFIX}Zm9yIHlvdXIgZXllcyBvbmx5`;
  expect((await app.inject({ method: 'GET', url: `/feed/${secret}.ics?x=1` })).statusCode).toBe(200);
  expect((await app.inject({ method: 'GET', url: `/feed/${secret}boom.ics` })).statusCode).toBe(500);
  await app.close();
  const logged = lines.join('');
  expect(logged).toContain(`/feed/${SECRET_PATH_PREFIX}[redacted]`);
  expect(logged).not.toContain('Zm9yIHlvdXIgZXllcyBvbmx5');
});

it('redacts every secret segment and leaves other URLs alone', () => {
  expect(redactSecretPaths('/api/calendar/feed/lqs_abc-_1.ics?x=lqs_def')).toBe(
    '/api/calendar/feed/lqs_[redacted]?x=lqs_[redacted]',
  );
  expect(redactSecretPaths('/api/goals/42')).toBe('/api/goals/42');
});

it('redacts a secret whatever characters of it are percent-encoded (the router decodes them alike)', () => {
  expect(redactSecretPaths('/api/calendar/feed/%6Cqs_Zm9yIHlvdXI.ics')).toBe(
    '/api/calendar/feed/lqs_[redacted]',
  );
  expect(redactSecretPaths('/api/calendar/feed/lqs%5fZm9y%49HlvdXI.ics')).toBe(
    '/api/calendar/feed/lqs_[redacted]',
  );
  // Reserved characters keep their encoding: a decoded %2F would be another path.
  expect(redactSecretPaths('/api/goals/a%2Fb%20c')).toBe('/api/goals/a%2Fb%20c');
});
