import type { HttpServer } from '@lifequest/platform';
import {
  BlockBody,
  BlockList,
  BlockParams,
  FriendList,
  FriendRequestAction,
  FriendRequestAnswer,
  FriendRequestBody,
  FriendRequestList,
  FriendRequestResult,
  IdParams,
  RequestIdParams,
} from '@lifequest/proto';
import type { FriendService } from './service.ts';

export function friendRoutes(app: HttpServer, friends: FriendService): void {
  app.get(
    '/api/friends',
    { config: { access: 'hero' }, schema: { response: { 200: FriendList } } },
    async (request) => friends.list(request.hero.userId),
  );

  app.post(
    '/api/friends/request',
    {
      config: { access: 'hero' },
      schema: { body: FriendRequestBody, response: { 200: FriendRequestResult, 201: FriendRequestResult } },
    },
    async (request, reply) => {
      const hero = request.hero;
      const result = await friends.request(hero.userId, hero.email, request.body.email);
      return reply.code(result.status === 'pending' ? 201 : 200).send(result);
    },
  );

  app.delete(
    '/api/friends/:id',
    { config: { access: 'hero' }, schema: { params: IdParams } },
    async (request, reply) => {
      await friends.unfriend(request.hero.userId, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/blocks',
    { config: { access: 'hero' }, schema: { response: { 200: BlockList } } },
    async (request) => friends.blocks(request.hero.userId),
  );

  app.post(
    '/api/blocks',
    { config: { access: 'hero' }, schema: { body: BlockBody } },
    async (request, reply) => {
      await friends.block(request.hero.userId, request.body.user_id);
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/blocks/:user_id',
    { config: { access: 'hero' }, schema: { params: BlockParams } },
    async (request, reply) => {
      await friends.unblock(request.hero.userId, request.params.user_id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/friends/requests',
    { config: { access: 'hero' }, schema: { response: { 200: FriendRequestList } } },
    async (request) => friends.incoming(request.hero.userId),
  );

  app.patch(
    '/api/friends/requests/:requestId',
    {
      config: { access: 'hero' },
      schema: { params: RequestIdParams, body: FriendRequestAction, response: { 200: FriendRequestAnswer } },
    },
    async (request) => friends.answer(request.hero.userId, request.params.requestId, request.body.action),
  );
}
