import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../api/queryKeys.ts';
import { createQueryClient } from '../app/queryClient.ts';
import type { User } from '../auth/user.ts';
import { mockApi, testUser } from '../test/render.tsx';
import { confirmTotals, reconcileTotals } from './reconcileXp.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('reconcileTotals', () => {
  it('stops when newer confirmed totals arrive, so an older look cannot pull the header back', async () => {
    const { callsTo } = mockApi({ 'GET /api/auth/me': { body: { ...testUser, totalXP: 175 } } });
    const queryClient = createQueryClient();
    queryClient.setQueryData<User>(queryKeys.me, { ...testUser, totalXP: 175 });

    const done = reconcileTotals(queryClient, { expectedXp: 175, xpDelta: 25 });
    // A second toggle answers with confirmed totals before the first look.
    confirmTotals(queryClient, { totalXP: 225, lifeLevel: 2 });
    await vi.advanceTimersByTimeAsync(10_000);
    await done;

    expect(callsTo('GET', '/api/auth/me')).toHaveLength(0);
    expect(queryClient.getQueryData<User>(queryKeys.me)?.totalXP).toBe(225);
  });

  it('takes a reopen as reflected once the server total has come down by it', async () => {
    let totalXP = 150;
    const { callsTo } = mockApi({ 'GET /api/auth/me': () => ({ body: { ...testUser, totalXP } }) });
    const queryClient = createQueryClient();
    queryClient.setQueryData<User>(queryKeys.me, { ...testUser, totalXP: 125 });

    const done = reconcileTotals(queryClient, { expectedXp: 125, xpDelta: -25 });
    await vi.advanceTimersByTimeAsync(510);
    expect(callsTo('GET', '/api/auth/me')).toHaveLength(1);
    expect(queryClient.getQueryData<User>(queryKeys.me)?.totalXP).toBe(125);

    totalXP = 125;
    await vi.advanceTimersByTimeAsync(1_010);
    await done;
    expect(callsTo('GET', '/api/auth/me')).toHaveLength(2);
    expect(queryClient.getQueryData<User>(queryKeys.me)?.totalXP).toBe(125);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(callsTo('GET', '/api/auth/me')).toHaveLength(2);
  });
});
