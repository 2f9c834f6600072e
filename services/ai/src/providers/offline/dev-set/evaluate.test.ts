import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, type FakeOpenAi, startFakeOpenAi } from '../../openai/fake-openai-server.ts';
import { OpenAiProvider } from '../../openai/openai-provider.ts';
import { evaluate, formatEvaluation } from './evaluate.ts';
import { DEV_SET_NOW, type GoalStatement } from './goal-statements.ts';

// The development set runs against any OpenAI-compatible endpoint through the provider the ai service
// uses. Here the endpoint is a local stand-in that answers like a model that knows the facts (except
// where a test says otherwise), so the scoring path of a real model is exercised without a network.

const statements: GoalStatement[] = [
  {
    text: 'read 12 books by the end of the year',
    category: 'education',
    target: { value: 12, unit: 'books' },
    deadline: '2026-12-31',
  },
  {
    text: 'walk 10,000 steps a day for 6 weeks',
    category: 'fitness',
    target: { value: 10000, unit: 'steps/day' },
    deadline: '2026-02-26',
  },
  { text: 'finish the CS50 course by 30 April', category: 'education', target: null, deadline: '2026-04-30' },
];

function planFor(s: GoalStatement, unit = s.target?.unit ?? '%') {
  return {
    reply: 'Here is your plan.',
    plan: {
      goal: {
        title: s.text,
        category: s.category,
        difficulty: 'medium',
        metric: { target_value: s.target?.value ?? 100, unit },
      },
      milestones: [
        { label: 'Start', due_date: '2026-02-01', xp_reward: 100 },
        { label: 'Finish', due_date: s.deadline, xp_reward: 200 },
      ],
      xp_policy: { total_goal_xp: 300, bonuses: { early_milestone: 30, logging_daily: 5 } },
      habits: ['Keep at it'],
    },
  };
}

let server: FakeOpenAi;
beforeAll(async () => {
  server = await startFakeOpenAi();
});
afterAll(() => server.close());

const provider = () =>
  new OpenAiProvider({
    apiKey: 'sk-test',
    baseUrl: server.url,
    model: 'test-model',
    timeoutMs: 5_000,
    maxRetries: 0,
  });

describe('evaluate against an OpenAI-compatible endpoint', () => {
  it('sends each statement as a fresh advisor conversation with the plan conventions, and scores the plans', async () => {
    server.requests.length = 0;
    server.setDefault((request) => {
      const text = request.body.messages.at(-1).content as string;
      const s = statements.find((x) => x.text === text)!;
      // A model that writes 'steps per day' where the offline engine writes 'steps/day'.
      return answer.completion(planFor(s, s.target?.unit === 'steps/day' ? 'steps per day' : undefined));
    });
    const evaluation = await evaluate(provider(), statements, { concurrency: 2 });
    expect(evaluation.provider).toBe('openai (test-model)');
    expect(evaluation.overall).toEqual({ right: 12, total: 12 });
    expect(server.requests).toHaveLength(3);
    for (const request of server.requests) {
      expect(request.body.messages).toHaveLength(2);
      expect(request.body.messages[0].content).toContain(
        `Today is ${DEV_SET_NOW.toISOString().slice(0, 10)}`,
      );
      expect(request.body.messages[0].content).toContain('"steps/day"');
    }
  });

  it('counts a wrong fact and a failed call as misses, and lists them', async () => {
    server.setDefault((request) => {
      const text = request.body.messages.at(-1).content as string;
      if (text.startsWith('finish')) return answer.status(500);
      const s = statements.find((x) => x.text === text)!;
      return answer.completion(planFor({ ...s, category: 'habit' }));
    });
    const evaluation = await evaluate(provider(), statements);
    expect(evaluation.byFact.category).toEqual({ right: 0, total: 3 });
    expect(evaluation.byFact.deadline).toEqual({ right: 2, total: 3 });
    expect(evaluation.failures).toHaveLength(1);
    const report = formatEvaluation(evaluation);
    expect(report).toContain('"walk 10,000 steps a day for 6 weeks"');
    expect(report).toContain('[wrong: category]');
    expect(report).toMatch(/failed: "finish the CS50 course by 30 April"/);
  });
});
