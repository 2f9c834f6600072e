import { describe, expect, it } from 'vitest';
import { OFFLINE_MODEL } from '../../metering/prices.ts';
import { countChatTokens } from '../../metering/tokens.ts';
import type { ModelUsage } from '../port.ts';
import { OfflineProvider } from './offline-provider.ts';

const today = new Date('2026-03-02T09:00:00Z');
const offline = new OfflineProvider();

describe('OfflineProvider', () => {
  it('answers through the port, streams pieces that join into the exact reply, and meters with tiktoken', async () => {
    const usages: ModelUsage[] = [];
    const deltas: string[] = [];
    const messages = [{ role: 'user' as const, content: 'I want to run a half marathon by September 1' }];
    const reply = await offline.floatingChat(
      { messages },
      { today, onUsage: (u) => usages.push(u), onDelta: (t) => deltas.push(t) },
    );
    expect(reply.actions[0]?.payload.targetDate).toBe('2026-09-01');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(reply.reply);
    expect(usages).toEqual([
      {
        model: OFFLINE_MODEL,
        promptTokens: await countChatTokens(OFFLINE_MODEL, messages),
        completionTokens: expect.any(Number),
        source: 'tiktoken',
      },
    ]);
    expect(usages[0]!.completionTokens).toBeGreaterThan(0);
  });

  it('returns plans that pass the Plan contract', async () => {
    const answer = await offline.advisor(
      { message: 'Save $2,000 by December 1', history: [] },
      { today, onUsage: () => {} },
    );
    expect(answer.plan?.goal).toMatchObject({ category: 'finance' });
    expect(answer.plan?.milestones.at(-1)?.due_date).toBe('2026-12-01');
  });

  it('allows for each call at least what it then reports spending', async () => {
    const messages = [{ role: 'user' as const, content: 'I want to read 24 books by December 31' }];
    const story = {
      kind: 'epic' as const,
      heroName: 'Aria',
      achievements: [{ title: 'Run a 10K', foundation: 'Health', completedAt: null, milestones: ['Run 5K'] }],
      foundationProgress: { Health: 100 },
    };
    const spent = async (
      run: (options: { today: Date; onUsage: (u: ModelUsage) => void }) => Promise<unknown>,
    ) => {
      const usages: ModelUsage[] = [];
      await run({ today, onUsage: (u) => usages.push(u) });
      return usages.reduce((sum, u) => sum + u.promptTokens + u.completionTokens, 0);
    };
    const onboarding = {
      messages,
      phase: 'initial' as const,
      primaryClass: 'general',
      displayName: 'Aria',
      smartGoalData: { specific: null, measurable: null, achievable: null, relevant: null, timeBound: null },
    };
    const advisor = { message: messages[0]!.content, history: [] };
    const cases: [number, number][] = [
      [
        await offline.allowance({ kind: 'onboarding', task: onboarding }),
        await spent((o) => offline.onboarding(onboarding, o)),
      ],
      [
        await offline.allowance({ kind: 'floatingChat', task: { messages } }),
        await spent((o) => offline.floatingChat({ messages }, o)),
      ],
      [
        await offline.allowance({ kind: 'advisor', task: advisor }),
        await spent((o) => offline.advisor(advisor, o)),
      ],
      [await offline.allowance({ kind: 'story', task: story }), await spent((o) => offline.story(story, o))],
    ];
    for (const [allowance, used] of cases) {
      expect(used).toBeGreaterThan(0);
      expect(used).toBeLessThanOrEqual(allowance);
    }
  });

  it('stops when the caller has already gone', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      offline.floatingChat(
        { messages: [{ role: 'user', content: 'hi' }] },
        { today, onUsage: () => {}, signal: controller.signal },
      ),
    ).rejects.toThrow();
  });
});
