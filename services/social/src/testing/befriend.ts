import { expect } from 'vitest';
import type { HeroCaller } from './test-kit.ts';

/** Makes two heroes friends through the API: a request, then its acceptance. */
export async function befriend(a: HeroCaller, b: HeroCaller): Promise<void> {
  const sent = await a.post('/api/friends/request', { email: b.email });
  expect(sent.status).toBe(201);
  const answered = await b.patch(`/api/friends/requests/${sent.body.requestId}`, { action: 'accept' });
  expect(answered.body).toEqual({ status: 'accepted' });
}
