import { type HttpServer, requireHero } from '@lifequest/platform';
import { Feed, FeedQuery, IdParams, LikeResult } from '@lifequest/proto';
import type { FeedService } from './service.ts';

export function feedRoutes(app: HttpServer, feed: FeedService): void {
  app.get(
    '/api/social/feed',
    { schema: { querystring: FeedQuery, response: { 200: Feed } } },
    async (request) => feed.feed(requireHero(request).userId, request.query),
  );

  app.post(
    '/api/social/activities/:id/like',
    { schema: { params: IdParams, response: { 200: LikeResult } } },
    async (request) => feed.toggleLike(requireHero(request).userId, request.params.id),
  );
}
