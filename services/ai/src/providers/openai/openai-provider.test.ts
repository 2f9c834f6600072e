import { AppError } from '@lifequest/platform';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { countChatTokens, countTokens } from '../../metering/tokens.ts';
import type { CallOptions, ModelUsage } from '../port.ts';
import { answer, type FakeOpenAi, piecesOf, startFakeOpenAi } from './fake-openai-server.ts';
import { OpenAiProvider, type OpenAiProviderOptions } from './openai-provider.ts';
import { floatingChatPrompt } from './prompts.ts';

// The real `openai` SDK over real HTTP, against a local OpenAI-compatible server each test scripts.

const today = new Date('2026-03-02T09:00:00Z');
let server: FakeOpenAi;

beforeAll(async () => {
  server = await startFakeOpenAi();
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
  server.setDefault(null);
});

function provider(options: Partial<OpenAiProviderOptions> = {}) {
  return new OpenAiProvider({
    apiKey: 'sk-test',
    baseUrl: server.url,
    model: 'gpt-4o-mini',
    timeoutMs: 5_000,
    ...options,
  });
}

function call(extra: Partial<CallOptions> = {}) {
  const usages: ModelUsage[] = [];
  const deltas: string[] = [];
  const options: CallOptions = { today, onUsage: (u) => usages.push(u), ...extra };
  return { options, usages, deltas };
}

const chat = { messages: [{ role: 'user' as const, content: 'I want to run a 10K by June 1st' }] };
const goalAnswer = {
  reply: 'A 10K by June! Here is a path.',
  goal: {
    title: 'Run a 10K',
    targetDate: '2026-06-01',
    milestones: [
      { title: 'Run 3K without stopping', dueDate: '2026-03-20', xpReward: 50 },
      { title: 'Run 6K', dueDate: '2026-04-25', xpReward: 75 },
      { title: 'Run the 10K', dueDate: '2026-06-01', xpReward: 125 },
    ],
  },
};

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('OpenAiProvider', () => {
  it('asks for a strict structured output and returns the validated answer with the usage the server reported', async () => {
    server.enqueue(answer.completion(goalAnswer, { prompt_tokens: 412, completion_tokens: 97 }));
    const { options, usages } = call();
    const reply = await provider().floatingChat(chat, options);

    expect(reply.reply).toBe(goalAnswer.reply);
    expect(reply.actions).toEqual([
      {
        type: 'CREATE_GOAL',
        payload: {
          title: 'Run a 10K',
          targetDate: '2026-06-01',
          xpTotal: 250,
          milestones: goalAnswer.goal.milestones,
        },
      },
    ]);
    expect(usages).toEqual([
      { model: 'gpt-4o-mini-2024-07-18', promptTokens: 412, completionTokens: 97, source: 'api' },
    ]);
    const sent = server.requests[0]!;
    expect(sent.headers.authorization).toBe('Bearer sk-test');
    expect(sent.body.model).toBe('gpt-4o-mini');
    expect(sent.body.max_completion_tokens).toBe(4_096);
    expect(sent.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: true } });
    expect(sent.body.messages[0].role).toBe('system');
    expect(sent.body.messages.at(-1)).toEqual(chat.messages[0]);
  });

  it("asks the model to answer in the hero's language, and adds nothing for English", async () => {
    server.enqueue(answer.completion(goalAnswer, { prompt_tokens: 412, completion_tokens: 97 }));
    server.enqueue(answer.completion(goalAnswer, { prompt_tokens: 412, completion_tokens: 97 }));
    await provider().floatingChat(chat, { ...call().options, locale: 'de' });
    await provider().floatingChat(chat, { ...call().options, locale: 'en' });
    const [german, english] = server.requests.map((request) => String(request.body.messages[0].content));
    expect(String(german)).toContain('Answer in German');
    expect(english).not.toMatch(/Answer in/);
    expect(String(german).startsWith(String(english))).toBe(true);
  });

  it('streams the reply text as it arrives and records the usage of the final chunk', async () => {
    const json = JSON.stringify(goalAnswer);
    server.enqueue(answer.stream(piecesOf(json, 5), { prompt_tokens: 300, completion_tokens: 88 }));
    const { options, usages, deltas } = call();
    const reply = await provider().floatingChat(chat, { ...options, onDelta: (t) => deltas.push(t) });

    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(goalAnswer.reply);
    expect(reply.actions[0]?.payload.title).toBe('Run a 10K');
    expect(server.requests[0]!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(usages).toEqual([
      { model: 'gpt-4o-mini-2024-07-18', promptTokens: 300, completionTokens: 88, source: 'api' },
    ]);
  });

  it('counts a stream that breaks off with tiktoken: the prompt sent and the text received', async () => {
    const json = JSON.stringify(goalAnswer);
    const pieces = piecesOf(json, 5);
    server.enqueue(answer.stream(pieces, { prompt_tokens: 300, completion_tokens: 88 }, { breakAfter: 6 }));
    const { options, usages, deltas } = call();
    const error = await failure(
      provider({ maxRetries: 0 }).floatingChat(chat, { ...options, onDelta: (t) => deltas.push(t) }),
    );

    expect(error.code).toBe('AI_PROVIDER_FAILED');
    const received = pieces.slice(0, 6).join('');
    expect(usages).toEqual([
      {
        model: 'gpt-4o-mini',
        promptTokens: await countChatTokens('gpt-4o-mini', floatingChatPrompt(chat, today)),
        completionTokens: await countTokens('gpt-4o-mini', received),
        source: 'tiktoken',
      },
    ]);
  });

  it('counts a stream the caller aborts, and stays an abort', async () => {
    const json = JSON.stringify(goalAnswer);
    server.enqueue(answer.stream(piecesOf(json, 3), { prompt_tokens: 300, completion_tokens: 88 }));
    const controller = new AbortController();
    const { options, usages } = call();
    const outcome = await provider()
      .floatingChat(chat, { ...options, signal: controller.signal, onDelta: () => controller.abort() })
      .then(
        () => 'finished',
        (e: Error) => e.name,
      );

    expect(outcome).toBe('AbortError');
    expect(usages).toHaveLength(1);
    expect(usages[0]).toMatchObject({ source: 'tiktoken', model: 'gpt-4o-mini' });
    expect(usages[0]!.completionTokens).toBeGreaterThan(0);
  });

  it('allows for a call what it can spend at most: the prompt it sends, its schema and the longest answer', async () => {
    const small = provider({ maxCompletionTokens: 500 });
    const allowance = await small.allowance({ kind: 'floatingChat', task: chat }, today);
    server.enqueue(answer.completion(goalAnswer, null));
    const { options, usages } = call();
    await small.floatingChat(chat, options);

    const sent = server.requests[0]!.body;
    expect(sent.max_completion_tokens).toBe(500);
    const prompt = await countChatTokens('gpt-4o-mini', sent.messages);
    const schema = await countTokens('gpt-4o-mini', JSON.stringify(sent.response_format.json_schema));
    expect(allowance).toBe(prompt + schema + 500);
    expect(usages[0]!.promptTokens + 500).toBeLessThanOrEqual(allowance);
    // A longer conversation needs a larger allowance.
    const longer = { messages: [...chat.messages, { role: 'user' as const, content: 'word '.repeat(300) }] };
    expect(await small.allowance({ kind: 'floatingChat', task: longer }, today)).toBeGreaterThan(
      allowance + 250,
    );
  });

  it('retries a 429 and succeeds, metering only the answer that came', async () => {
    server.enqueue(
      answer.status(429, 'Rate limit reached', { 'retry-after-ms': '10' }),
      answer.completion(goalAnswer, { prompt_tokens: 10, completion_tokens: 5 }),
    );
    const { options, usages } = call();
    const reply = await provider().floatingChat(chat, options);

    expect(reply.reply).toBe(goalAnswer.reply);
    expect(server.requests).toHaveLength(2);
    expect(usages).toEqual([
      { model: 'gpt-4o-mini-2024-07-18', promptTokens: 10, completionTokens: 5, source: 'api' },
    ]);
  });

  it('gives up on a server that keeps failing with a clear 502', async () => {
    server.setDefault(() => answer.status(500, 'upstream exploded'));
    const { options, usages } = call();
    const error = await failure(provider({ maxRetries: 1 }).floatingChat(chat, options));

    expect(error.code).toBe('AI_PROVIDER_FAILED');
    expect(error.status).toBe(502);
    expect(error.message).toBe('The Pathfinder could not be reached (500). Please try again.');
    expect(server.requests).toHaveLength(2);
    expect(usages).toEqual([]);
  });

  it('times out a server that does not answer', async () => {
    server.enqueue(answer.hang());
    const { options } = call();
    const error = await failure(provider({ timeoutMs: 200, maxRetries: 0 }).floatingChat(chat, options));

    expect(error.code).toBe('AI_PROVIDER_TIMEOUT');
    expect(error.status).toBe(504);
  });

  it('refuses a structured output that is not JSON or does not fit the schema, and still meters it', async () => {
    server.enqueue(
      answer.completion('Sure! Here is your plan: run a lot.', { prompt_tokens: 20, completion_tokens: 9 }),
      answer.completion({ reply: 'Hi', goal: { title: 'Run' } }, { prompt_tokens: 21, completion_tokens: 8 }),
      answer.refusal("I can't help with that."),
    );
    const { options, usages } = call();
    for (let i = 0; i < 3; i++) {
      const error = await failure(provider().floatingChat(chat, options));
      expect(error.code).toBe('AI_OUTPUT_INVALID');
      expect(error.status).toBe(502);
    }
    expect(usages.map((u) => u.promptTokens).slice(0, 2)).toEqual([20, 21]);
    expect(usages[2]!.source).toBe('tiktoken');
  });

  it('counts with tiktoken when a compatible server reports no usage', async () => {
    server.enqueue(answer.completion(goalAnswer, null));
    const { options, usages } = call();
    await provider().floatingChat(chat, options);

    expect(usages).toEqual([
      {
        model: 'gpt-4o-mini',
        promptTokens: await countChatTokens('gpt-4o-mini', floatingChatPrompt(chat, today)),
        completionTokens: await countTokens('gpt-4o-mini', JSON.stringify(goalAnswer)),
        source: 'tiktoken',
      },
    ]);
  });

  it("offers the product's fallback goal when the model's dates are unusable", async () => {
    server.enqueue(
      answer.completion({
        reply: 'Go for it!',
        goal: { title: 'Learn to juggle', targetDate: null, milestones: [] },
      }),
    );
    const { options } = call();
    const reply = await provider().floatingChat(chat, options);

    expect(reply.actions[0]?.payload).toEqual({
      title: 'Learn to juggle',
      targetDate: '2026-05-31',
      xpTotal: 100,
      milestones: [
        { title: 'Month 1: lay the groundwork', dueDate: '2026-04-01', xpReward: 25 },
        { title: 'Month 2: build momentum', dueDate: '2026-05-01', xpReward: 25 },
        { title: 'Month 3: complete the quest', dueDate: '2026-05-31', xpReward: 50 },
      ],
    });
  });

  it('keeps onboarding in the initial phase until all five SMART parts and a dated goal are known', async () => {
    const task = {
      messages: [{ role: 'user' as const, content: 'I want to get fit' }],
      phase: 'initial' as const,
      primaryClass: 'general',
      displayName: 'Aria',
      smartGoalData: {
        specific: null,
        measurable: null,
        achievable: null,
        relevant: null,
        timeBound: null,
        note: 'kept',
      },
    };
    server.enqueue(
      answer.completion({
        response: 'Ready to go!',
        phase: 'ready',
        smartGoalData: {
          specific: 'Get fit',
          measurable: null,
          achievable: null,
          relevant: null,
          timeBound: null,
        },
        finalGoal: { title: 'Get fit', deadline: '2026-06-01', milestones: ['Walk daily'] },
      }),
    );
    const { options } = call();
    const reply = await provider().onboarding(task, options);

    expect(reply.phase).toBe('initial');
    expect(reply.finalGoal).toBeNull();
    expect(reply.smartGoalData).toMatchObject({ specific: 'Get fit', note: 'kept' });
    // The prompt carries what is known so far.
    expect(server.requests[0]!.body.messages[0].content).toContain('Aria');
  });

  it('accepts a plan only if it passes the contract quests confirms against', async () => {
    const plan = {
      goal: {
        title: 'Save $3,000',
        category: 'finance',
        difficulty: 'medium',
        metric: { target_value: 3000, unit: 'USD' },
      },
      milestones: [
        { label: 'Save $1,000', due_date: '2026-05-01', xp_reward: 50 },
        { label: 'Save $3,000', due_date: '2026-09-01', xp_reward: 100 },
      ],
      xp_policy: { total_goal_xp: 100, bonuses: { early_milestone: 10, logging_daily: 5 } },
      habits: ['Move $100 to savings every payday'],
    };
    server.enqueue(
      answer.completion({ reply: 'Here is the plan.', plan }),
      answer.completion({ reply: 'Here is the plan.', plan: { ...plan, milestones: [] } }),
    );
    const { options } = call();
    const task = { message: 'Save 3000 dollars by September', history: [] };
    const first = await provider().advisor(task, options);
    // total_goal_xp is raised to at least what the milestones pay.
    expect(first.plan?.xp_policy.total_goal_xp).toBe(150);
    expect((await failure(provider().advisor(task, options))).code).toBe('AI_OUTPUT_INVALID');
  });

  it('writes a story as plain prose from the facts given', async () => {
    server.enqueue(
      answer.completion('  In the vaults of Finance, Aria saved $3,000.  ', {
        prompt_tokens: 50,
        completion_tokens: 12,
      }),
    );
    const { options } = call();
    const result = await provider().story(
      {
        kind: 'focused',
        heroName: 'Aria',
        achievements: [
          {
            title: 'Save $3,000',
            foundation: 'Finance',
            completedAt: '2026-02-01T10:00:00Z',
            milestones: ['Save $1,000'],
          },
        ],
        foundationProgress: { Finance: 50, Health: 0, Intelligence: 0, Spirit: 0 },
      },
      options,
    );
    expect(result.story).toBe('In the vaults of Finance, Aria saved $3,000.');
    expect(server.requests[0]!.body.response_format).toBeUndefined();
    expect(server.requests[0]!.body.messages[1].content).toContain('Save $3,000');
  });
});
