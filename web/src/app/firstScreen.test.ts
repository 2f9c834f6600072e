import { describe, expect, it } from 'vitest';
import { queryKeys } from '../api/queryKeys.ts';
import { mockApi, testUser } from '../test/render.tsx';
import { startFirstScreen } from './firstScreen.ts';
import { createQueryClient } from './queryClient.ts';

const quests = {
  'GET /api/goals': { body: [] },
  'GET /api/milestones': { body: [] },
};

describe('the first screen', () => {
  it("asks for a signed-in hero's dashboard data as soon as the current user is in, before any screen renders", async () => {
    const { calls } = mockApi({ 'GET /api/auth/me': { body: testUser }, ...quests });
    const queryClient = createQueryClient();
    await startFirstScreen(queryClient, '/');
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/me', '/api/goals', '/api/milestones']);
    expect(queryClient.getQueryData(queryKeys.me)).toEqual(testUser);
  });

  it('an unknown path is the dashboard (docs/product.md#screens), so it gets the dashboard data too', async () => {
    const { callsTo } = mockApi({ 'GET /api/auth/me': { body: testUser }, ...quests });
    await startFirstScreen(createQueryClient(), '/no/such/page');
    expect(callsTo('GET', '/api/goals')).toHaveLength(1);
  });

  it('asks for nothing more for another screen, a hero still onboarding, or a visitor', async () => {
    for (const [me, path] of [
      [{ body: testUser }, '/profile'],
      [{ body: { ...testUser, isOnboarded: false } }, '/'],
      [{ status: 401, body: { error: 'Please sign in', message: 'x', code: 'UNAUTHENTICATED' } }, '/'],
    ] as const) {
      const { calls } = mockApi({ 'GET /api/auth/me': me, ...quests });
      await startFirstScreen(createQueryClient(), path);
      expect(calls.map((c) => c.path)).toEqual(['/api/auth/me']);
    }
  });
});
