import { AppError } from '@lifequest/platform';
import type { ReplanSource } from '@lifequest/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelUsage, ReplanTask } from '../port.ts';
import { answer, type FakeOpenAi, startFakeOpenAi } from './fake-openai-server.ts';
import { OpenAiProvider } from './openai-provider.ts';

// The OpenAI provider's re-plan: the real SDK against the local OpenAI-compatible test server.

const today = new Date('2026-03-02T09:00:00Z');
const goalId = '44444444-4444-4444-8444-444444444444';
const quest: ReplanSource = {
  goal: {
    id: goalId,
    title: 'Run a 5K',
    deadline: '2026-03-01',
    class_name: 'health',
    foundation: null,
    is_completed: false,
    progress: 33,
  },
  milestones: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      goal_id: goalId,
      title: 'Run 1K',
      is_completed: true,
      xp_reward: 30,
      due_date: '2026-02-01',
    },
    {
      id: '22222222-2222-4222-8222-222222222222',
      goal_id: goalId,
      title: 'Run 3K',
      is_completed: false,
      xp_reward: 40,
      due_date: '2026-02-15',
    },
  ],
  total_xp: 100,
  early_milestone_bonus: 0,
  logging_daily_bonus: 0,
};
const task: ReplanTask = { quest, newDeadline: null, note: 'I fell behind' };

let server: FakeOpenAi;
beforeAll(async () => {
  server = await startFakeOpenAi();
});
afterAll(() => server.close());

const provider = () =>
  new OpenAiProvider({
    apiKey: 'sk-test',
    baseUrl: server.url,
    model: 'gpt-4o-mini',
    timeoutMs: 5_000,
    maxRetries: 0,
  });

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('OpenAiProvider.replan', () => {
  it('asks for the strict re-plan schema with the quest in the prompt, and returns the checked answer', async () => {
    const proposal = {
      reply: 'A new path, hero.',
      reasons: ['Run 3K was overdue.'],
      milestones: [{ id: quest.milestones[1]!.id, label: 'Run 3K', due_date: '2026-03-20', xp_reward: 40 }],
    };
    server.enqueue(answer.completion(proposal, { prompt_tokens: 200, completion_tokens: 50 }));
    const usages: ModelUsage[] = [];
    const result = await provider().replan(task, { today, onUsage: (u) => usages.push(u) });
    expect(result).toEqual(proposal);
    const sent = server.requests.at(-1)!.body;
    expect(sent.response_format.type).toBe('json_schema');
    expect(sent.response_format.json_schema).toMatchObject({ name: 'replan', strict: true });
    expect(sent.messages.at(-1).content).toContain('Run 3K');
    expect(usages).toEqual([
      expect.objectContaining({ promptTokens: 200, completionTokens: 50, source: 'api' }),
    ]);
  });

  it('an answer that breaks the schema, or dates before today, is AI_OUTPUT_INVALID', async () => {
    server.enqueue(answer.completion({ reply: 'Here', milestones: 'soon' }));
    expect((await failure(provider().replan(task, { today, onUsage: () => {} }))).code).toBe(
      'AI_OUTPUT_INVALID',
    );
    server.enqueue(answer.completion('not json at all'));
    expect((await failure(provider().replan(task, { today, onUsage: () => {} }))).code).toBe(
      'AI_OUTPUT_INVALID',
    );
    server.enqueue(
      answer.completion({
        reply: 'Back in time',
        reasons: [],
        milestones: [{ id: null, label: 'Run 3K', due_date: '2026-02-20', xp_reward: 40 }],
      }),
    );
    expect((await failure(provider().replan(task, { today, onUsage: () => {} }))).code).toBe(
      'AI_OUTPUT_INVALID',
    );
    server.enqueue(answer.completion({ reply: 'Nothing left', reasons: [], milestones: [] }));
    expect((await failure(provider().replan(task, { today, onUsage: () => {} }))).code).toBe(
      'AI_OUTPUT_INVALID',
    );
  });
});
