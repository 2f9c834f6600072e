import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from 'playwright-core';

export const HERO_PASSWORD = 'a long enough secret 42';

export interface FirstQuest {
  title: string;
  milestones: string[];
}

/**
 * A hero who has been through onboarding, made over the API with the browser context's own request
 * client, so its pages share the session cookie. (The first-session journey walks onboarding itself.)
 */
export async function onboardedHero(
  request: APIRequestContext,
  name: string,
  firstQuest: FirstQuest | null = null,
): Promise<{ email: string; password: string }> {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${randomBytes(4).toString('hex')}@example.com`;
  await ok(request.post('/api/auth/register', { data: { name, email, password: HERO_PASSWORD } }));
  await ok(
    request.post('/api/auth/complete-onboarding', {
      data: {
        displayName: name,
        primaryClass: 'general',
        firstGoal: firstQuest && {
          title: firstQuest.title,
          deadline: null,
          className: 'general',
          milestones: firstQuest.milestones.map((title) => ({ title, completed: false })),
        },
      },
    }),
  );
  return { email, password: HERO_PASSWORD };
}

export async function ok(call: Promise<{ ok(): boolean; status(): number; text(): Promise<string> }>) {
  const response = await call;
  if (!response.ok()) throw new Error(`HTTP ${response.status()}: ${await response.text()}`);
  return response;
}
