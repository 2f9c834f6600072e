import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ModuleContext } from '@lifequest/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfflineProvider } from '../providers/offline/offline-provider.ts';
import type { ProviderCall } from '../providers/port.ts';
import { type AiHarness, startAiHarness } from '../testing/test-kit.ts';
import { countTokens } from './tokens.ts';

// Once, one request froze every hero (an unbounded smartGoalData counted before the budget check),
// and AI calls had no rate beyond a daily budget whose 429 said nothing about when to come back.

/** The offline coach, noting every prompt it is asked to weigh. */
class WatchedProvider extends OfflineProvider {
  readonly weighed: ProviderCall['kind'][] = [];
  override async allowance(call: ProviderCall): Promise<number> {
    this.weighed.push(call.kind);
    return super.allowance(call);
  }
}

const onboarding = (content: string, smartGoalData: Record<string, unknown> = {}) => ({
  messages: [{ role: 'user', content }],
  phase: 'initial',
  primaryClass: 'general',
  displayName: 'Aria',
  smartGoalData,
});

describe('token counting never holds the event loop', () => {
  it('counts an unbroken 120,000-character word in linear pieces, letting other work run between them', async () => {
    const word = Array.from({ length: 120_000 }, (_, i) => String.fromCharCode(97 + ((i * 7) % 26))).join('');
    let turns = 0;
    let counting = true;
    const ticker = (async () => {
      while (counting) {
        await nextTurn();
        turns++;
      }
    })();
    const tokens = await countTokens('gpt-4o-mini', word);
    counting = false;
    await ticker;
    expect(tokens).toBeGreaterThan(10_000);
    // The old count of this word took seconds in one block; now other work interleaves many times.
    expect(turns).toBeGreaterThan(5);
  });

  it('cuts long texts at spaces, so ordinary prose counts the same as in one piece', async () => {
    const prose = 'The hero ran five kilometres before breakfast, then rested. '.repeat(200);
    const { get_encoding } = await import('tiktoken');
    const exact = get_encoding('o200k_base');
    try {
      expect(await countTokens('gpt-4o-mini', prose)).toBe(exact.encode_ordinary(prose).length);
    } finally {
      exact.free();
    }
  });
});

describe('what a request may carry in smartGoalData', () => {
  let ai: AiHarness;
  beforeAll(async () => {
    ai = await startAiHarness();
  });
  afterAll(() => ai?.close());

  it.each([
    ['a 120,000-character note', { notes: 'x'.repeat(120_000) }],
    ['a 900 KB part', { specific: 'y'.repeat(900_000) }],
    ['a thousand extra keys', Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`k${i}`, 'v']))],
    ['a deep object', { target: { value: { nested: { deeper: 'x' } } } }],
    ['a 10,000-character key', { ['k'.repeat(10_000)]: 'v' }],
  ])('%s is a 400, answered without counting anything', async (_name, smartGoalData) => {
    const res = await ai
      .hero()
      .json('POST', '/api/ai/pathfinder-conversation', onboarding('I want to run', smartGoalData));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  it('what the coach sent back is accepted as it came', async () => {
    const hero = ai.hero();
    const first = await hero.json(
      'POST',
      '/api/ai/pathfinder-conversation',
      onboarding('I want to run a 5K by June 1'),
    );
    expect(first.status).toBe(200);
    const again = await hero.json('POST', '/api/ai/pathfinder-conversation', {
      ...onboarding('I want to run a 5K by June 1'),
      smartGoalData: first.body.smartGoalData,
    });
    expect(again.status).toBe(200);
  });
});

describe('the limits on AI calls', () => {
  let ai: AiHarness;
  let watched: WatchedProvider;
  beforeAll(async () => {
    ai = await startAiHarness(
      { AI_RATE_LIMIT_PER_MINUTE: '3', AI_DAILY_TOKEN_BUDGET: '20000' },
      {
        provider: (_config: ModuleContext['config']) => {
          watched = new WatchedProvider();
          return watched;
        },
      },
    );
  });
  afterAll(() => ai?.close());

  it('a hero may start a few calls a minute; the next is a 429 with Retry-After, and others are not slowed', async () => {
    const hero = ai.hero();
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await hero.json('POST', '/api/ai/pathfinder-conversation', {
            messages: [{ role: 'user', content: `tip ${i}` }],
          })
        ).status,
      ).toBe(200);
    }
    const weighed = watched.weighed.length;
    const refused = await hero.request('POST', '/api/advisor/message', { message: 'Plan my week' });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(watched.weighed.length).toBe(weighed);

    expect((await ai.hero().json('POST', '/api/advisor/message', { message: 'Plan my week' })).status).toBe(
      200,
    );
  });

  it('a hero over the daily budget is refused before the prompt is counted, and told when to come back', async () => {
    const hero = ai.hero();
    await ai.db.tokenUsage.create({
      data: {
        userId: hero.userId,
        endpoint: 'advisor',
        model: 'offline',
        promptTokens: 20_000,
        completionTokens: 0,
        totalTokens: 20_000,
        costUsd: 0,
        source: 'tiktoken',
      },
    });
    const weighed = watched.weighed.length;
    const refused = await hero.request(
      'POST',
      '/api/ai/pathfinder-conversation',
      onboarding('z'.repeat(2_000)),
    );
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'AI_BUDGET_EXCEEDED' });
    const now = new Date();
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil((midnight - now.getTime()) / 1000) + 1);
    expect(watched.weighed.length).toBe(weighed);
  });
});

describe('the installation-wide daily cap', () => {
  let ai: AiHarness;
  beforeAll(async () => {
    ai = await startAiHarness({ AI_INSTALLATION_DAILY_TOKEN_BUDGET: '5000' });
  });
  afterAll(() => ai?.close());

  it('once every hero together has spent it, every hero is refused with Retry-After until midnight UTC', async () => {
    await ai.db.tokenUsage.create({
      data: {
        userId: ai.hero().userId,
        endpoint: 'advisor',
        model: 'offline',
        promptTokens: 5_000,
        completionTokens: 0,
        totalTokens: 5_000,
        costUsd: 0,
        source: 'tiktoken',
      },
    });
    for (const path of [
      '/api/ai/pathfinder-conversation',
      '/api/advisor/message',
      '/api/narrative/generate',
    ]) {
      const body = path.endsWith('message')
        ? { message: 'hi' }
        : path.includes('narrative')
          ? {}
          : { messages: [{ role: 'user', content: 'hi' }] };
      const res = await ai.hero().request('POST', path, body);
      expect(res.status, path).toBe(429);
      expect(await res.json()).toMatchObject({ code: 'AI_BUDGET_EXCEEDED' });
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});
