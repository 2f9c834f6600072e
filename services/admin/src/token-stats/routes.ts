import type { HttpServer } from '@lifequest/platform';
import { TokenStats } from '@lifequest/proto';
import type { TokenStatsService } from './service.ts';

export function tokenStatsRoutes(app: HttpServer, stats: TokenStatsService): void {
  app.get(
    '/api/admin/token-stats',
    { config: { access: 'admin' }, schema: { response: { 200: TokenStats } } },
    async () => stats.stats(),
  );
}
