import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AiHarness, startAiHarness } from '../testing/test-kit.ts';

// A hero's call that passed the gateway before their deletion may write after ai purged them
// (docs/features/data-ownership.md#deletion): none of their words come back; a cost stays, anonymous.
let ai: AiHarness;
beforeAll(async () => {
  ai = await startAiHarness();
});
afterAll(() => ai?.close());

it('a call arriving after the purge is refused (401) and leaves no row naming the hero', async () => {
  const gone = ai.hero();
  const stays = ai.hero();
  await ai.deliver('user.deleted', { userId: gone.userId });

  const late = await gone.json('POST', '/api/advisor/message', {
    message: 'I want to save $3,000 in 6 months',
  });
  expect(late.status).toBe(401);
  expect(late.body).toMatchObject({ code: 'UNAUTHENTICATED' });
  const where = { where: { userId: gone.userId } };
  expect(await ai.db.advisorMessage.count(where)).toBe(0);
  expect(await ai.db.conversation.count(where)).toBe(0);
  expect(await ai.db.callStart.count(where)).toBe(0);
  expect(await ai.db.tokenReservation.count(where)).toBe(0);
  // A usage row recorded late keeps its cost without the id.
  const usage = await ai.db.tokenUsage.create({
    data: {
      userId: gone.userId,
      endpoint: 'advisor',
      model: 'offline',
      promptTokens: 1,
      completionTokens: 1,
      totalTokens: 2,
      costUsd: 0,
      source: 'api',
    },
  });
  expect(usage.userId).toBeNull();

  expect(
    (await stays.json('POST', '/api/advisor/message', { message: 'Read 10 books in 5 months' })).status,
  ).toBe(200);
});
