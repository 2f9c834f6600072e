import type { HttpServer } from '@lifequest/platform';
import { AdvisorMessage, AdvisorMessageBody, AdvisorReply, PlanDraftResponse } from '@lifequest/proto';
import { z } from 'zod';
import { heroLocale } from '../http/locale.ts';
import { streamAnswer, wantsStream } from '../http/sse.ts';
import type { AdvisorService } from './service.ts';

export function advisorRoutes(app: HttpServer, advisor: AdvisorService): void {
  app.get(
    '/api/advisor/messages',
    { config: { access: 'hero' }, schema: { response: { 200: z.array(AdvisorMessage) } } },
    async (request) => advisor.history(request.hero.userId),
  );

  app.post(
    '/api/advisor/message',
    { config: { access: 'hero' }, schema: { body: AdvisorMessageBody, response: { 200: AdvisorReply } } },
    async (request, reply) => {
      const { userId } = request.hero;
      const locale = heroLocale(request);
      if (wantsStream(request)) {
        return streamAnswer(
          request,
          reply,
          (io) => advisor.message(userId, request.body.message, { ...io, locale }),
          (a) => a.reply,
        );
      }
      return advisor.message(userId, request.body.message, { locale });
    },
  );

  app.get(
    '/api/plans/draft',
    { config: { access: 'hero' }, schema: { response: { 200: PlanDraftResponse } } },
    async (request) => advisor.draft(request.hero.userId),
  );
}
