import { type HttpServer, requireHero } from '@lifequest/platform';
import { DashboardResponse } from '@lifequest/proto';
import type { DashboardService } from './service.ts';

export function dashboardRoutes(app: HttpServer, dashboard: DashboardService): void {
  app.get('/api/dashboard', { schema: { response: { 200: DashboardResponse } } }, async (request) => {
    return dashboard.forHero(requireHero(request).userId);
  });
}
