import type { HttpServer } from '@lifequest/platform';
import {
  FloatingChatAnswer,
  OnboardingReply,
  PathfinderConversationBody,
  SavedOnboardingConversation,
} from '@lifequest/proto';
import { heroLocale } from '../http/locale.ts';
import { streamAnswer, wantsStream } from '../http/sse.ts';
import type { ConversationService } from './service.ts';

export function conversationRoutes(app: HttpServer, conversations: ConversationService): void {
  // The onboarding conversation so far: a reload of onboarding step 4 resumes it
  // (docs/features/first-week.md#onboarding-that-survives).
  app.get(
    '/api/ai/pathfinder-conversation',
    {
      config: { access: 'hero' },
      schema: { response: { 200: SavedOnboardingConversation } },
    },
    async (request) => conversations.savedOnboarding(request.hero.userId),
  );

  // One path, two shapes. Onboarding sends its phase; the floating chat sends messages alone.
  app.post(
    '/api/ai/pathfinder-conversation',
    {
      config: { access: 'hero' },
      schema: {
        body: PathfinderConversationBody,
        response: { 200: OnboardingReply.or(FloatingChatAnswer) },
      },
    },
    async (request, reply) => {
      const { userId } = request.hero;
      const body = request.body;
      const onboarding = body.phase !== undefined;
      const locale = heroLocale(request);
      if (wantsStream(request)) {
        return onboarding
          ? streamAnswer(
              request,
              reply,
              (io) => conversations.onboarding(userId, body, { ...io, locale }),
              (a) => a.response,
            )
          : streamAnswer(
              request,
              reply,
              (io) => conversations.floatingChat(userId, body, { ...io, locale }),
              (a) => a.reply,
            );
      }
      return onboarding
        ? conversations.onboarding(userId, body, { locale })
        : conversations.floatingChat(userId, body, { locale });
    },
  );
}
