import { type TestModules, useTestModules } from '@lifequest/platform/testing';
import { createEnvelope, type EventEnvelope, type EventName, type EventPayloads } from '@lifequest/proto';
import { createAdminModule } from '../index.ts';

export const ADMIN_EMAIL = 'admin@lifequest.local';
/** The holders of a hero's data in these tests, as the app's registry works them out. */
export const HOLDERS = ['auth', 'quests', 'social', 'ai', 'gateway'];

/** The admin module alone on PGlite and the in-process bus, for one test file. */
export function useAdmin(): TestModules {
  return useTestModules([createAdminModule({ heroDataHolders: HOLDERS })], {
    env: { ADMIN_EMAILS: ADMIN_EMAIL },
  });
}

/** Delivers an event that happened at `occurredAt`, as its publisher would (late, or early). */
export async function publishAt<N extends EventName>(
  svc: TestModules,
  name: N,
  payload: EventPayloads[N],
  occurredAt: Date,
): Promise<EventEnvelope<N>> {
  const event = createEnvelope(name, payload, null, occurredAt);
  await svc.redeliver(event as EventEnvelope);
  return event;
}

/** Publishes auth's user.registered for a new hero; returns their id and e-mail. */
export async function registerHero(
  svc: TestModules,
  name: string,
  options: { email?: string; createdAt?: Date } = {},
): Promise<{ id: string; email: string; name: string }> {
  const id = crypto.randomUUID();
  const email = options.email ?? `${name.toLowerCase()}-${id}@example.com`;
  await svc.publish(
    'user.registered',
    {
      userId: id,
      email,
      name,
      primaryClass: 'general',
      activeClassTitle: 'Adventurer',
      createdAt: (options.createdAt ?? new Date()).toISOString(),
    },
    id,
  );
  return { id, email, name };
}

/** Publishes ai's ai.usage.recorded for one model call. */
export function recordUsage(
  svc: TestModules,
  userId: string | null,
  usage: { endpoint?: string; model?: string; tokens?: number; cost?: number; at?: Date } = {},
): Promise<EventEnvelope<'ai.usage.recorded'>> {
  const tokens = usage.tokens ?? 100;
  return svc.publish(
    'ai.usage.recorded',
    {
      usageId: crypto.randomUUID(),
      userId,
      endpoint: usage.endpoint ?? 'pathfinder-conversation',
      model: usage.model ?? 'gpt-4o-mini',
      promptTokens: Math.floor(tokens / 2),
      completionTokens: tokens - Math.floor(tokens / 2),
      totalTokens: tokens,
      costUsd: usage.cost ?? 0.001,
      recordedAt: (usage.at ?? new Date()).toISOString(),
    },
    userId,
  );
}
