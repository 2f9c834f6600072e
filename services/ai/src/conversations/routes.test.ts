import { EVENTUALLY, parseSse } from '@lifequest/platform/testing';
import type { OnboardingReply } from '@lifequest/proto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AiHarness, type HeroCaller, startAiHarness } from '../testing/test-kit.ts';

let ai: AiHarness;

beforeAll(async () => {
  ai = await startAiHarness();
});
afterAll(() => ai?.close());

type Message = { role: 'user' | 'assistant'; content: string };

/**
 * Plays the hero's lines through POST /api/ai/pathfinder-conversation, sending back what came as the web
 * does, and stops once the goal is ready (a further 'yes' would start the quest).
 */
async function onboard(hero: HeroCaller, lines: string[]) {
  const messages: Message[] = [];
  let phase: OnboardingReply['phase'] = 'initial';
  let smartGoalData: Record<string, unknown> = {
    specific: null,
    measurable: null,
    achievable: null,
    relevant: null,
    timeBound: null,
  };
  const replies: OnboardingReply[] = [];
  for (const line of lines) {
    messages.push({ role: 'user', content: line });
    const res: { status: number; body: OnboardingReply } = await hero.json(
      'POST',
      '/api/ai/pathfinder-conversation',
      {
        messages,
        phase,
        primaryClass: 'general',
        displayName: 'Aria',
        smartGoalData,
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    replies.push(res.body);
    messages.push({ role: 'assistant', content: res.body.response });
    phase = res.body.phase;
    smartGoalData = res.body.smartGoalData;
    if (phase === 'ready') break;
  }
  return { last: replies.at(-1)!, replies, messages, phase, smartGoalData };
}

const today = new Date().toISOString().slice(0, 10);
const inTwoYears = new Date(Date.now() + 2 * 366 * 86_400_000).toISOString().slice(0, 10);

describe('onboarding with the offline Pathfinder', () => {
  // A dozen ways heroes state a first goal; each ends ready with all five parts, a sane deadline and a plan.
  const conversations: [string, string[]][] = [
    ['weight', ['I want to lose 5 kg in 3 months', 'to feel confident at the beach', 'yes']],
    ['savings', ['Save $5,000', 'within 6 months', 'an emergency fund so surprises never scare me', 'yes']],
    ['reading', ['I really want to read 12 books in the next 10 months because I love stories']],
    ['running', ['Run a 10K in under an hour', 'in 4 months', 'my doctor told me to move more', 'yes']],
    [
      'novel',
      [
        'I want to write a novel',
        '50,000 words',
        'in 8 months',
        'it has been my dream since I was a kid',
        'yes',
      ],
    ],
    ['push-ups', ['I want to do 50 push-ups in a row', 'in 3 months', 'to feel strong', 'yeah']],
    ['meditation', ['Meditate 10 minutes every day for 60 days', 'to be calmer at work', 'yes']],
    [
      'debt',
      [
        'Pay off $3,000 of credit card debt',
        'in 10 months',
        'I hate paying interest',
        'yes, I can put $300 a month towards it',
      ],
    ],
    [
      'guitar',
      [
        'I want to learn guitar',
        'learn 10 songs',
        'in four months',
        'to play at my sister’s wedding',
        'yes definitely',
      ],
    ],
    ['language', ['Learn 1,000 Spanish words in 6 months', 'so I can talk to my in-laws', 'yes']],
    ['steps', ['Walk 10,000 steps a day for 90 days', 'to have more energy for my kids', 'yes']],
    [
      'course',
      [
        'Finish an online data science course in 3 months',
        'pass the final exam',
        'for a better job',
        '5 hours a week, yes',
      ],
    ],
  ];

  it.each(conversations)(
    '%s: reaches ready with all five SMART parts, a deadline ahead and a milestone plan',
    async (_name, lines) => {
      const hero = ai.hero();
      const { last } = await onboard(hero, lines);
      expect(last.phase).toBe('ready');
      for (const part of ['specific', 'measurable', 'achievable', 'relevant', 'timeBound'] as const) {
        expect(last.smartGoalData[part], part).toEqual(expect.stringMatching(/\S/));
      }
      expect(last.finalGoal).not.toBeNull();
      expect(last.finalGoal!.title.length).toBeGreaterThan(0);
      expect(last.finalGoal!.deadline! > today).toBe(true);
      expect(last.finalGoal!.deadline! < inTwoYears).toBe(true);
      expect(last.finalGoal!.milestones.length).toBeGreaterThanOrEqual(2);
    },
  );

  it('gives the onboarding conversation back as last saved, so a reload resumes it; none before a turn', async () => {
    const hero = ai.hero();
    expect(await hero.json('GET', '/api/ai/pathfinder-conversation')).toMatchObject({
      status: 200,
      body: { conversation: null },
    });
    const { messages, phase, smartGoalData, last } = await onboard(hero, [
      'Run a 10K in under an hour',
      'in 4 months',
    ]);
    const res: { status: number; body: { conversation: unknown } } = await hero.json(
      'GET',
      '/api/ai/pathfinder-conversation',
    );
    expect(res.status).toBe(200);
    expect(res.body.conversation).toEqual({ messages, phase, smartGoalData, finalGoal: last.finalGoal });
    // Another hero's conversation is not theirs to read.
    expect((await ai.hero().json('GET', '/api/ai/pathfinder-conversation')).body).toEqual({
      conversation: null,
    });
  });

  it('asks a follow-up question on vague input instead of making a goal up', async () => {
    const { last } = await onboard(ai.hero(), ['I want to be better']);
    expect(last.phase).toBe('initial');
    expect(last.finalGoal).toBeNull();
    expect(last.response).toContain('?');
    expect(last.smartGoalData.specific).toBeNull();
  });

  it('takes smartGoalData with parts missing or null, and answers with all five parts', async () => {
    const hero = ai.hero();
    const parts = ['specific', 'measurable', 'achievable', 'relevant', 'timeBound'];
    const sent: unknown[] = [{}, null, { specific: null }, { measurable: '5 kg', coachNote: 'kept' }];
    for (const smartGoalData of sent) {
      for (const messages of [[], [{ role: 'user', content: 'I want to lose 5 kg in 3 months' }]]) {
        const res = await hero.json('POST', '/api/ai/pathfinder-conversation', {
          messages,
          phase: 'initial',
          primaryClass: 'general',
          displayName: 'Aria',
          smartGoalData,
        });
        expect(res.status, `${JSON.stringify(smartGoalData)}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(Object.keys(res.body.smartGoalData)).toEqual(expect.arrayContaining(parts));
        for (const part of parts) expect(res.body.smartGoalData[part]).not.toBeUndefined();
      }
    }
    // Other keys ride along when the coach has nothing new to say.
    const quiet = await hero.json('POST', '/api/ai/pathfinder-conversation', {
      messages: [],
      phase: 'initial',
      smartGoalData: { measurable: '5 kg', coachNote: 'kept' },
    });
    expect(quiet.body.smartGoalData).toEqual({
      specific: null,
      measurable: '5 kg',
      achievable: null,
      relevant: null,
      timeBound: null,
      coachNote: 'kept',
    });
  });

  it("'Start This Quest' completes with the goal the hero was shown, and refining revises it", async () => {
    const hero = ai.hero();
    const ready = await onboard(hero, [
      'Run a 10K in under an hour',
      'in 4 months',
      'my doctor told me to move more',
    ]);
    expect(ready.phase).toBe('ready');
    const shown = ready.last.finalGoal;

    const refine = async (messages: Message[], smartGoalData: unknown) =>
      hero.json<OnboardingReply>('POST', '/api/ai/pathfinder-conversation', {
        messages,
        phase: 'ready',
        primaryClass: 'general',
        displayName: 'Aria',
        smartGoalData,
      });
    const asked = [
      ...ready.messages,
      { role: 'user' as const, content: "I'd like to refine this goal further." },
    ];
    const question = await refine(asked, ready.smartGoalData);
    expect(question.status).toBe(200);
    const revised = await refine(
      [
        ...asked,
        { role: 'assistant', content: question.body.response },
        { role: 'user', content: 'the deadline, in 6 months' },
      ],
      question.body.smartGoalData,
    );
    expect(revised.body.phase).toBe('ready');
    expect(revised.body.finalGoal?.deadline).not.toBe(shown?.deadline);

    const usageBefore = await ai.db.tokenUsage.count({ where: { userId: hero.userId } });
    const start = await refine(
      [
        ...asked,
        { role: 'assistant', content: question.body.response },
        { role: 'user', content: 'the deadline, in 6 months' },
        { role: 'assistant', content: revised.body.response },
        { role: 'user', content: "I'm ready. Let's start this quest!" },
      ],
      revised.body.smartGoalData,
    );
    expect(start.body.phase).toBe('complete');
    expect(start.body.finalGoal).toEqual(revised.body.finalGoal);
    // Accepting the goal on offer asks no model.
    expect(await ai.db.tokenUsage.count({ where: { userId: hero.userId } })).toBe(usageBefore);
  });
});

describe('floating chat', () => {
  it('offers a CREATE_GOAL action with title, targetDate, xpTotal and dated milestones', async () => {
    const res = await ai.hero().json('POST', '/api/ai/pathfinder-conversation', {
      messages: [{ role: 'user', content: 'I want to run a half marathon in 5 months' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.reply).toEqual(expect.stringMatching(/\S/));
    expect(res.body.actions).toHaveLength(1);
    const { type, payload } = res.body.actions[0];
    expect(type).toBe('CREATE_GOAL');
    expect(payload.targetDate > today).toBe(true);
    expect(payload.milestones.length).toBeGreaterThan(0);
    expect(payload.xpTotal).toBe(
      payload.milestones.reduce((sum: number, m: { xpReward: number }) => sum + m.xpReward, 0),
    );
    for (const m of payload.milestones) expect(m.dueDate <= payload.targetDate).toBe(true);
  });

  it('greets a conversation that has not started, without a model call', async () => {
    const hero = ai.hero();
    const res = await hero.json('POST', '/api/ai/pathfinder-conversation', { messages: [] });
    expect(res.body).toEqual({ reply: expect.stringContaining('The Pathfinder'), actions: [] });
    expect(await ai.db.tokenUsage.count({ where: { userId: hero.userId } })).toBe(0);
  });

  it('answers words of self-harm with care and crisis help, never a plan, and spends no tokens', async () => {
    const hero = ai.hero();
    const chat = await hero.json('POST', '/api/ai/pathfinder-conversation', {
      messages: [{ role: 'user', content: "I don't want to live anymore, maybe a goal would help" }],
    });
    expect(chat.body.actions).toEqual([]);
    expect(chat.body.reply).toContain('988');
    const onboarding = await hero.json('POST', '/api/ai/pathfinder-conversation', {
      messages: [{ role: 'user', content: 'I want to kill myself' }],
      phase: 'initial',
      primaryClass: 'general',
      displayName: 'Aria',
      smartGoalData: null,
    });
    expect(onboarding.body).toMatchObject({ phase: 'initial', finalGoal: null });
    expect(onboarding.body.response).toContain('Samaritans');
    expect(await ai.db.tokenUsage.count({ where: { userId: hero.userId } })).toBe(0);
  });

  it('refuses messages that are too long, too many or empty', async () => {
    const hero = ai.hero();
    const long = await hero.json('POST', '/api/ai/pathfinder-conversation', {
      messages: [{ role: 'user', content: 'a'.repeat(2_001) }],
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('at most 2000 characters');
    const many = await hero.json('POST', '/api/ai/pathfinder-conversation', {
      messages: Array.from({ length: 101 }, () => ({ role: 'user', content: 'hi' })),
    });
    expect(many.status).toBe(400);
    const blank = await hero.json('POST', '/api/ai/pathfinder-conversation', {
      messages: [{ role: 'user', content: '  ' }],
    });
    expect(blank.status).toBe(400);
  });

  it('streams as server-sent events when asked, ending with the same answer and a usage row', async () => {
    const hero = ai.hero();
    const res = await hero.request(
      'POST',
      '/api/ai/pathfinder-conversation',
      { messages: [{ role: 'user', content: 'I want to run a half marathon in 5 months' }] },
      { accept: 'text/event-stream' },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const events = parseSse(await res.text());
    const deltas = events.filter((e) => e.event === 'delta').map((e) => e.data.text);
    const done = events.find((e) => e.event === 'done')!.data;
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(done.reply);
    expect(done.actions[0].type).toBe('CREATE_GOAL');
    await vi.waitFor(
      async () =>
        expect(
          await ai.db.tokenUsage.count({ where: { userId: hero.userId, endpoint: 'floating-chat' } }),
        ).toBe(1),
      EVENTUALLY,
    );
  });
});
