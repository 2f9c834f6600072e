import type { HttpServer } from '@lifequest/platform';
import { IdParams, LoginBody, OnboardingResult, RegisterBody, UpdateMeBody, User } from '@lifequest/proto';
import { z } from 'zod';
import type { HeroService } from './service.ts';

const UserEnvelope = z.object({ user: User });

export function heroRoutes(app: HttpServer, heroes: HeroService): void {
  // Only the gateway calls these: it turns the answer into a session (ARCHITECTURE 5).
  app.post(
    '/internal/auth/register',
    { config: { access: 'service' }, schema: { body: RegisterBody, response: { 201: UserEnvelope } } },
    async (request, reply) => reply.code(201).send({ user: await heroes.register(request.body) }),
  );

  app.post(
    '/internal/auth/login',
    { config: { access: 'service' }, schema: { body: LoginBody, response: { 200: UserEnvelope } } },
    async (request) => ({ user: await heroes.login(request.body) }),
  );

  app.get(
    '/internal/auth/users/:id',
    { config: { access: 'service' }, schema: { params: IdParams } },
    async (request) => ({ user: await heroes.me(request.params.id) }),
  );

  app.get(
    '/api/auth/me',
    { config: { access: 'hero' }, schema: { response: { 200: User } } },
    async (request) => heroes.me(request.hero.userId),
  );

  app.patch(
    '/api/auth/me',
    { config: { access: 'hero' }, schema: { body: UpdateMeBody, response: { 200: User } } },
    async (request) => heroes.updateMe(request.hero.userId, request.body),
  );

  app.post(
    '/api/auth/complete-onboarding',
    { config: { access: 'hero' }, schema: { body: OnboardingResult, response: { 200: UserEnvelope } } },
    async (request) => ({ user: await heroes.completeOnboarding(request.hero.userId, request.body) }),
  );
}
