import { type HttpServer, requireHero, requireService } from '@lifequest/platform';
import { LoginBody, OnboardingResult, RegisterBody, User } from '@lifequest/proto';
import { z } from 'zod';
import type { HeroService } from './service.ts';

const UserEnvelope = z.object({ user: User });

export function heroRoutes(app: HttpServer, heroes: HeroService): void {
  // Only the gateway calls these: it turns the answer into a session (ARCHITECTURE 5).
  app.post(
    '/internal/auth/register',
    { schema: { body: RegisterBody, response: { 201: UserEnvelope } } },
    async (request, reply) => {
      requireService(request);
      return reply.code(201).send({ user: await heroes.register(request.body) });
    },
  );

  app.post(
    '/internal/auth/login',
    { schema: { body: LoginBody, response: { 200: UserEnvelope } } },
    async (request) => {
      requireService(request);
      return { user: await heroes.login(request.body) };
    },
  );

  app.get('/internal/auth/users/:id', { schema: { params: z.object({ id: z.uuid() }) } }, async (request) => {
    requireService(request);
    return { user: await heroes.me(request.params.id) };
  });

  app.get('/api/auth/me', { schema: { response: { 200: User } } }, async (request) => {
    return heroes.me(requireHero(request).userId);
  });

  app.post(
    '/api/auth/complete-onboarding',
    { schema: { body: OnboardingResult, response: { 200: UserEnvelope } } },
    async (request) => {
      return { user: await heroes.completeOnboarding(requireHero(request).userId, request.body) };
    },
  );
}
