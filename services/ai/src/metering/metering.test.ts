import { EVENTUALLY, parseSse } from '@lifequest/platform/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  answer,
  type FakeOpenAi,
  piecesOf,
  startFakeOpenAi,
} from '../providers/openai/fake-openai-server.ts';
import { OpenAiProvider } from '../providers/openai/openai-provider.ts';
import { type AiHarness, startAiHarness } from '../testing/test-kit.ts';
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
    await vi.waitFor(
      () =>
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
      EVENTUALLY,
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

  it('releases the reservation of a call that failed before spending anything', async () => {
    const hero = ai.hero();
    // One call's allowance (its prompt and 4,096 answer tokens) is far above this budget of 1,000: a
    // reservation left behind would refuse the next call.
    server.enqueue(answer.status(400, 'bad request'));
    const failed = await hero.json('POST', '/api/ai/pathfinder-conversation', ask('first try'));
    expect(failed.body.code).toBe('AI_PROVIDER_FAILED');
    expect(await ai.db.tokenReservation.count({ where: { userId: hero.userId } })).toBe(0);

    server.enqueue(answer.completion(chatAnswer, { prompt_tokens: 5, completion_tokens: 5 }));
    expect((await hero.json('POST', '/api/ai/pathfinder-conversation', ask('second try'))).status).toBe(200);
    expect(await ai.db.tokenReservation.count({ where: { userId: hero.userId } })).toBe(0);
  });

  it('counts the tokens reserved by calls in flight, until their reservation expires', async () => {
    const busy = ai.hero();
    // A call of this hero's is running and holds the rest of the day's budget.
    await ai.db.tokenReservation.create({
      data: {
        userId: busy.userId,
        endpoint: 'advisor',
        tokens: BUDGET,
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    const calls = server.requests.length;
    const refused = await busy.json('POST', '/api/ai/pathfinder-conversation', ask('me too'));
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('AI_BUDGET_EXCEEDED');
    expect((await busy.json('POST', '/api/narrative/generate', {})).status).toBe(429);
    expect(server.requests.length).toBe(calls);

    // A reservation its process never settled (it crashed) stops counting when it expires.
    const crashed = ai.hero();
    await ai.db.tokenReservation.create({
      data: {
        userId: crashed.userId,
        endpoint: 'advisor',
        tokens: 1_000_000,
        expiresAt: new Date(Date.now() - 1_000),
      },
    });
    server.enqueue(answer.completion(chatAnswer, { prompt_tokens: 5, completion_tokens: 5 }));
    expect((await crashed.json('POST', '/api/ai/pathfinder-conversation', ask('hello'))).status).toBe(200);
    expect(await ai.db.tokenReservation.count({ where: { userId: crashed.userId } })).toBe(0);
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
    expect(row.completionTokens).toBeLessThan(await countTokens('gpt-4o-mini', text));
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

// The same question sent many times at once: each call's allowance is the same, and known here.
const question = {
  messages: [{ role: 'user' as const, content: 'What should I do today to keep my streak alive?' }],
};
const allowance = await new OpenAiProvider({
  apiKey: 'sk-test',
  model: 'gpt-4o-mini',
  timeoutMs: 5_000,
}).allowance({ kind: 'floatingChat', task: question }, new Date());

describe('the budget under parallel calls', () => {
  // Room for three calls' allowances to start (0, 1 and 2 allowances held are under it; 3 are not).
  const budget = Math.floor(allowance * 2.5);
  let parallel: AiHarness;
  let release: () => void = () => {};

  beforeAll(async () => {
    parallel = await startAiHarness({
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: server.url,
      OPENAI_MODEL: 'gpt-4o-mini',
      AI_DAILY_TOKEN_BUDGET: String(budget),
    });
  });
  afterAll(async () => {
    release();
    await parallel?.close();
  });

  it('lets only the calls the budget can hold reach the model; the others get 429 at once', async () => {
    const hero = parallel.hero();
    const N = 12;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const before = server.requests.length;
    // Every call that reaches the model waits there, and reports as much as its allowance allows.
    server.setDefault(() => ({
      ...answer.completion(chatAnswer, {
        prompt_tokens: allowance - 4_096,
        completion_tokens: 4_096,
      }),
      after: held,
    }));
    try {
      let refused = 0;
      const calls = Array.from({ length: N }, () =>
        hero.json('POST', '/api/ai/pathfinder-conversation', question).then((res) => {
          if (res.status === 429) refused += 1;
          return res;
        }),
      );
      // Each call is either waiting at the model or already refused; none has finished spending.
      await vi.waitFor(() => expect(server.requests.length - before + refused).toBe(N), {
        timeout: 20_000,
      });
      release();
      const results = await Promise.all(calls);

      expect(results.filter((r) => r.status === 200)).toHaveLength(3);
      const refusals = results.filter((r) => r.status !== 200);
      expect(refusals).toHaveLength(N - 3);
      for (const res of refusals) {
        expect(res.status).toBe(429);
        expect(res.body.code).toBe('AI_BUDGET_EXCEEDED');
      }
      expect(server.requests.length - before).toBe(3);
    } finally {
      server.setDefault(null);
    }

    const rows = await parallel.db.tokenUsage.findMany({ where: { userId: hero.userId } });
    expect(rows).toHaveLength(3);
    const spent = rows.reduce((sum, row) => sum + row.totalTokens, 0);
    // The call that crossed the line finished; nothing beyond it did.
    expect(spent).toBeGreaterThan(budget);
    expect(spent).toBeLessThanOrEqual(budget + allowance);
    // Settled: the reservations became usage rows.
    expect(await parallel.db.tokenReservation.count({ where: { userId: hero.userId } })).toBe(0);
    expect((await hero.json('POST', '/api/ai/pathfinder-conversation', question)).status).toBe(429);
  });
});
