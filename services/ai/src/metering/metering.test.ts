import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  answer,
  type FakeOpenAi,
  piecesOf,
  startFakeOpenAi,
} from '../providers/openai/fake-openai-server.ts';
import { type AiHarness, startAiHarness } from '../testing/harness.ts';
import { parseSse } from '../testing/sse.ts';
import { countTokens } from './tokens.ts';

// Metering through the whole service, against a local OpenAI-compatible server reporting known usage.

let server: FakeOpenAi;
let ai: AiHarness;
const BUDGET = 1_000;

beforeAll(async () => {
  server = await startFakeOpenAi();
  ai = await startAiHarness({
    OPENAI_API_KEY: 'sk-test',
    OPENAI_BASE_URL: server.url,
    OPENAI_MODEL: 'gpt-4o-mini',
    AI_DAILY_TOKEN_BUDGET: String(BUDGET),
    AI_PRICES: '{"gpt-4o-mini": {"input": 0.15, "output": 0.6}}',
  });
});
afterAll(async () => {
  await ai?.close();
  await server?.close();
});

const chatAnswer = { reply: 'Keep going, hero!', goal: null };
const ask = (content: string) => ({ messages: [{ role: 'user', content }] });

describe('metering', () => {
  it('records exactly the usage the server reported, priced from the table, and announces it', async () => {
    const hero = ai.hero();
    server.enqueue(answer.completion(chatAnswer, { prompt_tokens: 1_234, completion_tokens: 567 }));
    const res = await hero.json('POST', '/api/ai/pathfinder-conversation', ask('How do I stay motivated?'));
    expect(res.status).toBe(200);

    const rows = await ai.db.tokenUsage.findMany({ where: { userId: hero.userId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      endpoint: 'floating-chat',
      model: 'gpt-4o-mini-2024-07-18',
      promptTokens: 1_234,
      completionTokens: 567,
      totalTokens: 1_801,
      source: 'api',
    });
    // 1,234 × $0.15/M + 567 × $0.60/M
    expect(rows[0]!.costUsd).toBeCloseTo(0.0005253, 12);
    await vi.waitFor(() =>
      expect(
        ai.published.find((e) => e.name === 'ai.usage.recorded' && e.actorId === hero.userId)?.payload,
      ).toEqual({
        usageId: rows[0]!.id,
        userId: hero.userId,
        endpoint: 'floating-chat',
        model: 'gpt-4o-mini-2024-07-18',
        promptTokens: 1_234,
        completionTokens: 567,
        totalTokens: 1_801,
        costUsd: rows[0]!.costUsd,
        recordedAt: rows[0]!.createdAt.toISOString(),
      }),
    );
  });

  it('refuses with 429 and a clear message once the daily budget is spent, without calling the model', async () => {
    const hero = ai.hero();
    server.enqueue(
      answer.completion(chatAnswer, { prompt_tokens: 500, completion_tokens: 100 }),
      answer.completion(chatAnswer, { prompt_tokens: 500, completion_tokens: 100 }),
    );
    // 0 and then 600 tokens spent: both under the budget of 1,000.
    expect((await hero.json('POST', '/api/ai/pathfinder-conversation', ask('one'))).status).toBe(200);
    expect((await hero.json('POST', '/api/ai/pathfinder-conversation', ask('two'))).status).toBe(200);
    const calls = server.requests.length;

    const refused = await hero.json('POST', '/api/ai/pathfinder-conversation', ask('three'));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: 'Daily AI budget spent',
      code: 'AI_BUDGET_EXCEEDED',
      message:
        "You have used today's 1,000 AI tokens. The Pathfinder rests until midnight UTC; your quests and stories are all still here.",
    });
    expect((await hero.json('POST', '/api/advisor/message', { message: 'Plan my week' })).status).toBe(429);
    expect((await hero.json('POST', '/api/narrative/generate', {})).status).toBe(429);
    expect(server.requests.length).toBe(calls);

    // Another hero's budget is their own.
    server.enqueue(answer.completion(chatAnswer, { prompt_tokens: 5, completion_tokens: 5 }));
    expect((await ai.hero().json('POST', '/api/ai/pathfinder-conversation', ask('hi'))).status).toBe(200);
  });

  it("counts only today's tokens (UTC) against the budget", async () => {
    const hero = ai.hero();
    const now = new Date();
    const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    await ai.db.tokenUsage.create({
      data: {
        userId: hero.userId,
        endpoint: 'advisor',
        model: 'gpt-4o-mini',
        promptTokens: 50_000,
        completionTokens: 0,
        totalTokens: 50_000,
        costUsd: 0.0075,
        source: 'api',
        createdAt: new Date(midnight.getTime() - 60_000),
      },
    });
    server.enqueue(answer.completion(chatAnswer, { prompt_tokens: 5, completion_tokens: 5 }));
    expect((await hero.json('POST', '/api/ai/pathfinder-conversation', ask('a new day'))).status).toBe(200);
  });

  it('records a streamed reply with the usage of its last chunk', async () => {
    const hero = ai.hero();
    server.enqueue(
      answer.stream(piecesOf(JSON.stringify(chatAnswer), 4), { prompt_tokens: 321, completion_tokens: 12 }),
    );
    const res = await hero.request('POST', '/api/ai/pathfinder-conversation', ask('stream please'), {
      accept: 'text/event-stream',
    });
    const events = parseSse(await res.text());
    expect(
      events
        .filter((e) => e.event === 'delta')
        .map((e) => e.data.text)
        .join(''),
    ).toBe(chatAnswer.reply);
    const row = await ai.db.tokenUsage.findFirstOrThrow({ where: { userId: hero.userId } });
    expect(row).toMatchObject({ promptTokens: 321, completionTokens: 12, source: 'api' });
  });

  it('still records a stream the client leaves halfway, counted with tiktoken', async () => {
    const hero = ai.hero();
    const text = JSON.stringify({ reply: 'A long and winding answer. '.repeat(40), goal: null });
    const pieces = piecesOf(text, 10);
    server.enqueue(answer.stream(pieces, { prompt_tokens: 999, completion_tokens: 999 }, { delayMs: 20 }));
    const res = await hero.request('POST', '/api/ai/pathfinder-conversation', ask('tell me a lot'), {
      accept: 'text/event-stream',
    });
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('event: delta');
    await reader.cancel();

    const row = await vi.waitFor(
      async () => {
        const found = await ai.db.tokenUsage.findFirst({ where: { userId: hero.userId } });
        expect(found).not.toBeNull();
        return found!;
      },
      { timeout: 10_000 },
    );
    expect(row.source).toBe('tiktoken');
    // Only part of the answer was written before the client left.
    expect(row.completionTokens).toBeGreaterThan(0);
    expect(row.completionTokens).toBeLessThan(countTokens('gpt-4o-mini', text));
  });

  it('keeps model calls out of the prompts of other heroes', async () => {
    const alice = ai.hero();
    const bob = ai.hero();
    server.setDefault(() =>
      answer.completion({ reply: 'Noted.', plan: null }, { prompt_tokens: 1, completion_tokens: 1 }),
    );
    await alice.json('POST', '/api/advisor/message', {
      message: 'My secret goal: win the Zanzibar chess open',
    });
    const before = server.requests.length;
    await bob.json('POST', '/api/advisor/message', { message: 'I want to get better at budgeting' });
    const bobPrompt = JSON.stringify(server.requests.slice(before));
    server.setDefault(null);
    expect(bobPrompt).toContain('budgeting');
    expect(bobPrompt).not.toContain('Zanzibar');
  });
});
