import type { HttpServer } from '@lifequest/platform';
import { Challenge, ChallengeList, ChallengesQuery, IdParams } from '@lifequest/proto';
import type { ChallengeService } from './service.ts';

export function challengeRoutes(app: HttpServer, challenges: ChallengeService): void {
  app.get(
    '/api/challenges',
    {
      config: { access: 'hero' },
      schema: { querystring: ChallengesQuery, response: { 200: ChallengeList } },
    },
    async (request) => challenges.list(request.hero.userId, request.query.active),
  );

  app.post(
    '/api/challenges/:id/join',
    { config: { access: 'hero' }, schema: { params: IdParams, response: { 200: Challenge } } },
    async (request) => challenges.join(request.hero.userId, request.params.id),
  );
}
