import type { HttpServer } from '@lifequest/platform';
import { DashboardResponse } from '@lifequest/proto';
import type { DashboardService } from './service.ts';

export function dashboardRoutes(app: HttpServer, dashboard: DashboardService): void {
  app.get(
    '/api/dashboard',
    { config: { access: 'hero' }, schema: { response: { 200: DashboardResponse } } },
    async (request) => {
      return dashboard.forHero(request.hero.userId);
    },
  );
}
