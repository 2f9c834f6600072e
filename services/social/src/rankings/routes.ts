import { type HttpServer, requireHero } from '@lifequest/platform';
import { Leaderboard, LeaderboardQuery } from '@lifequest/proto';
import type { RankingService } from './service.ts';

export function rankingRoutes(app: HttpServer, rankings: RankingService): void {
  app.get(
    '/api/leaderboard',
    { schema: { querystring: LeaderboardQuery, response: { 200: Leaderboard } } },
    async (request) => rankings.board(requireHero(request).userId, request.query),
  );
}
