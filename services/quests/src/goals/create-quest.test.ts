import type { Emit } from '@lifequest/platform';
import { describe, expect, it } from 'vitest';
import type { QuestsTx } from '../db.ts';
import { insertQuest } from './create-quest.ts';

/** A transaction that keeps what it is asked to create, with the ids and versions the table would give. */
function recordingTx() {
  const rows: { table: string; data: Record<string, unknown> }[] = [];
  const create =
    (table: string) =>
    async ({ data }: { data: Record<string, unknown> }) => {
      rows.push({ table, data });
      return { id: `${table}-${rows.length}`, foundation: null, ...data };
    };
  const tx = { goal: { create: create('goal') }, milestone: { create: create('milestone') } };
  return { tx: tx as unknown as QuestsTx, rows };
}

describe('insertQuest', () => {
  it('dates what it creates already complete by the clock it is given', async () => {
    const { tx, rows } = recordingTx();
    const emitted: string[] = [];
    const emit = (async (name: string) => {
      emitted.push(name);
      return { id: crypto.randomUUID() };
    }) as unknown as Emit;
    const now = new Date('2020-01-02T03:04:05Z');
    await insertQuest(tx, emit, {
      userId: 'hero-1',
      title: 'First steps',
      deadline: null,
      className: 'general',
      source: 'onboarding',
      milestones: [
        { title: 'Done already', dueDate: null, xpReward: 40, isCompleted: true },
        { title: 'Still to do', dueDate: null, xpReward: 60 },
      ],
      now,
    });
    expect(rows.map((r) => [r.table, r.data.completedAt])).toEqual([
      ['goal', null],
      ['milestone', now],
      ['milestone', null],
    ]);
    expect(emitted).toEqual(['goal.created', 'milestone.completed']);
  });
});
