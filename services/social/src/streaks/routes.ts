import type { HttpServer } from '@lifequest/platform';
import { StreakView, VacationBody } from '@lifequest/proto';
import type { StreakService } from './service.ts';

export function streakRoutes(app: HttpServer, streaks: StreakService): void {
  app.get(
    '/api/streaks/me',
    { config: { access: 'hero' }, schema: { response: { 200: StreakView } } },
    async (request) => streaks.me(request.hero.userId),
  );

  app.put(
    '/api/streaks/vacation',
    { config: { access: 'hero' }, schema: { body: VacationBody, response: { 200: StreakView } } },
    async (request) => streaks.startVacation(request.hero.userId, request.body.until),
  );

  app.delete(
    '/api/streaks/vacation',
    { config: { access: 'hero' }, schema: { response: { 200: StreakView } } },
    async (request) => streaks.endVacation(request.hero.userId),
  );
}
