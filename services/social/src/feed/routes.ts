import type { HttpServer } from '@lifequest/platform';
import { Feed, FeedQuery, IdParams, LikeResult } from '@lifequest/proto';
import type { FeedService } from './service.ts';

export function feedRoutes(app: HttpServer, feed: FeedService): void {
  app.get(
    '/api/social/feed',
    { config: { access: 'hero' }, schema: { querystring: FeedQuery, response: { 200: Feed } } },
    async (request) => feed.feed(request.hero.userId, request.query),
  );

  app.post(
    '/api/social/activities/:id/like',
    { config: { access: 'hero' }, schema: { params: IdParams, response: { 200: LikeResult } } },
    async (request) => feed.toggleLike(request.hero.userId, request.params.id),
  );

  app.delete(
    '/api/social/activities/:id',
    { config: { access: 'hero' }, schema: { params: IdParams } },
    async (request, reply) => {
      await feed.remove(request.hero.userId, request.params.id);
      return reply.code(204).send();
    },
  );
}
