import { afterAll, beforeAll, expect, it } from 'vitest';
import { type AiHarness, type HeroCaller, startAiHarness } from '../testing/test-kit.ts';

let ai: AiHarness;

beforeAll(async () => {
  ai = await startAiHarness();
});
afterAll(() => ai?.close());

async function leaveTraces(hero: HeroCaller) {
  await ai.quest(hero.userId, { title: 'Save $500' });
  await hero.json('POST', '/api/ai/pathfinder-conversation', {
    messages: [{ role: 'user', content: 'I want to run a 5K in 2 months' }],
  });
  await hero.json('POST', '/api/ai/pathfinder-conversation', {
    messages: [{ role: 'user', content: 'Read 10 books in 5 months' }],
    phase: 'initial',
    primaryClass: 'general',
    displayName: 'Aria',
    smartGoalData: null,
  });
  await hero.json('POST', '/api/advisor/message', { message: 'I want to save $3,000 in 6 months' });
  expect((await hero.json('POST', '/api/narrative/generate', {})).status).toBe(201);
  // A call of theirs still in flight.
  await ai.db.tokenReservation.create({
    data: { userId: hero.userId, endpoint: 'advisor', tokens: 100, expiresAt: new Date(Date.now() + 60_000) },
  });
}

const traces = async (userId: string) => ({
  conversations: await ai.db.conversation.count({ where: { userId } }),
  advisorMessages: await ai.db.advisorMessage.count({ where: { userId } }),
  drafts: await ai.db.planDraft.count({ where: { userId } }),
  stories: await ai.db.story.count({ where: { userId } }),
  usage: await ai.db.tokenUsage.count({ where: { userId } }),
  reservations: await ai.db.tokenReservation.count({ where: { userId } }),
  callStarts: await ai.db.callStart.count({ where: { userId } }),
});

it("user.deleted purges the hero's words and keeps the cost of their usage, anonymous", async () => {
  const gone = ai.hero();
  const stays = ai.hero();
  await leaveTraces(gone);
  await leaveTraces(stays);
  const before = await traces(gone.userId);
  expect(before).toEqual({
    conversations: 2,
    advisorMessages: 2,
    drafts: 1,
    stories: 1,
    usage: 4,
    reservations: 1,
    callStarts: expect.any(Number),
  });
  expect(before.callStarts).toBeGreaterThan(0);
  const usageIds = (await ai.db.tokenUsage.findMany({ where: { userId: gone.userId } })).map((u) => u.id);
  const cost = await ai.db.tokenUsage.aggregate({ _sum: { costUsd: true, totalTokens: true } });

  await ai.deliver('user.deleted', { userId: gone.userId });

  expect(await traces(gone.userId)).toEqual({
    conversations: 0,
    advisorMessages: 0,
    drafts: 0,
    stories: 0,
    usage: 0,
    reservations: 0,
    callStarts: 0,
  });
  const kept = await ai.db.tokenUsage.findMany({ where: { id: { in: usageIds } } });
  expect(kept).toHaveLength(4);
  expect(kept.every((u) => u.userId === null)).toBe(true);
  expect(await ai.db.tokenUsage.aggregate({ _sum: { costUsd: true, totalTokens: true } })).toEqual(cost);
  // The other hero is untouched.
  expect(await traces(stays.userId)).toEqual(before);

  // ai confirms to the admin, and keeps none of its published events about the hero.
  await ai.settled();
  expect(
    ai.published.filter((e) => e.name === 'user.purged' && e.payload.userId === gone.userId),
  ).toMatchObject([{ payload: { userId: gone.userId, service: 'ai' } }]);
  const mentions = (id: string) =>
    ai.db.$queryRaw<unknown[]>`select 1 from ai._outbox where strpos(envelope::text, ${id}) > 0`;
  expect(await mentions(gone.userId)).toEqual([]);
  expect((await mentions(stays.userId)).length).toBeGreaterThan(0);
});
