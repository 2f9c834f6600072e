import { type HttpServer, requireHero } from '@lifequest/platform';
import { Challenge, ChallengeList, ChallengesQuery, IdParams } from '@lifequest/proto';
import type { ChallengeService } from './service.ts';

export function challengeRoutes(app: HttpServer, challenges: ChallengeService): void {
  app.get(
    '/api/challenges',
    { schema: { querystring: ChallengesQuery, response: { 200: ChallengeList } } },
    async (request) => challenges.list(requireHero(request).userId, request.query.active),
  );

  app.post(
    '/api/challenges/:id/join',
    { schema: { params: IdParams, response: { 200: Challenge } } },
    async (request) => challenges.join(requireHero(request).userId, request.params.id),
  );
}
