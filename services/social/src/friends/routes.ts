import { type HttpServer, requireHero } from '@lifequest/platform';
import {
  FriendList,
  FriendRequestAction,
  FriendRequestAnswer,
  FriendRequestBody,
  FriendRequestList,
  FriendRequestResult,
  RequestIdParams,
} from '@lifequest/proto';
import { RateLimited } from './rate-limit.ts';
import type { FriendService } from './service.ts';

export function friendRoutes(app: HttpServer, friends: FriendService): void {
  app.get('/api/friends', { schema: { response: { 200: FriendList } } }, async (request) =>
    friends.list(requireHero(request).userId),
  );

  app.post(
    '/api/friends/request',
    { schema: { body: FriendRequestBody, response: { 200: FriendRequestResult, 201: FriendRequestResult } } },
    async (request, reply) => {
      const hero = requireHero(request);
      try {
        const result = await friends.request(hero.userId, hero.email, request.body.email);
        return reply.code(result.status === 'pending' ? 201 : 200).send(result);
      } catch (error) {
        if (error instanceof RateLimited) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  );

  app.get('/api/friends/requests', { schema: { response: { 200: FriendRequestList } } }, async (request) =>
    friends.incoming(requireHero(request).userId),
  );

  app.patch(
    '/api/friends/requests/:requestId',
    {
      schema: { params: RequestIdParams, body: FriendRequestAction, response: { 200: FriendRequestAnswer } },
    },
    async (request) =>
      friends.answer(requireHero(request).userId, request.params.requestId, request.body.action),
  );
}
