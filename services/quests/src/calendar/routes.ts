import { createHash } from 'node:crypto';
import type { HttpServer } from '@lifequest/platform';
import { CalendarFeedAddress } from '@lifequest/proto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type CalendarService, FEED_PATH } from './service.ts';

const FeedParams = z.object({ file: z.string().max(200) });

/** The address a calendar app subscribes to, on the host the hero reached LifeQuest by. */
function addressOf(request: FastifyRequest, token: string): { url: string } {
  const header = (name: string) => {
    const value = request.headers[name];
    return (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();
  };
  const host = header('x-forwarded-host') ?? header('host') ?? 'localhost';
  const proto = header('x-forwarded-proto') ?? request.protocol;
  return { url: `${proto}://${host}${FEED_PATH}${token}.ics` };
}

export function calendarRoutes(app: HttpServer, calendar: CalendarService): void {
  app.get(
    '/api/calendar',
    { config: { access: 'hero' }, schema: { response: { 200: CalendarFeedAddress } } },
    async (request) => addressOf(request, await calendar.token(request.hero.userId)),
  );

  app.post(
    '/api/calendar/rotate',
    { config: { access: 'hero' }, schema: { response: { 200: CalendarFeedAddress } } },
    async (request) => addressOf(request, await calendar.rotate(request.hero.userId)),
  );

  // No session: the address is the secret (see CalendarService.feed). A calendar app polls it, so an
  // unchanged feed answers 304 to its ETag.
  app.get(
    `${FEED_PATH}:file`,
    { config: { access: 'public' }, schema: { params: FeedParams } },
    async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, '');
      const body = await calendar.feed(token);
      const etag = `"${createHash('sha256').update(body).digest('base64url')}"`;
      reply.header('etag', etag).header('cache-control', 'private, max-age=300');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('text/calendar; charset=utf-8').send(body);
    },
  );
}
