import type { HttpServer } from '@lifequest/platform';
import { ReplanBody, ReplanReply } from '@lifequest/proto';
import { heroLocale } from '../http/locale.ts';
import type { ReplanService } from './service.ts';

export function replanRoutes(app: HttpServer, replans: ReplanService): void {
  app.post(
    '/api/advisor/replan',
    { config: { access: 'hero' }, schema: { body: ReplanBody, response: { 200: ReplanReply } } },
    async (request) => replans.replan(request.hero.userId, request.body, { locale: heroLocale(request) }),
  );
}
