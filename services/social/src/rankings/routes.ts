import type { HttpServer } from '@lifequest/platform';
import { Leaderboard, LeaderboardQuery } from '@lifequest/proto';
import type { RankingService } from './service.ts';

export function rankingRoutes(app: HttpServer, rankings: Pick<RankingService, 'board'>): void {
  app.get(
    '/api/leaderboard',
    { config: { access: 'hero' }, schema: { querystring: LeaderboardQuery, response: { 200: Leaderboard } } },
    async (request) => rankings.board(request.hero.userId, request.query),
  );
}
