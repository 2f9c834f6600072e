import { type ChatMessage, FloatingChatReply } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { FALLBACK_DAYS, FALLBACK_XP, floatingChatTurn } from './floating-chat.ts';

const TODAY = new Date('2025-01-15T12:00:00Z');

/** The hero's lines with the coach's replies in between, as the bubble keeps them. */
function chat(lines: string[]) {
  const messages: ChatMessage[] = [];
  let reply = floatingChatTurn({ messages: [], today: TODAY });
  for (const line of lines) {
    messages.push({ role: 'user', content: line });
    reply = floatingChatTurn({ messages: [...messages], today: TODAY });
    expect(FloatingChatReply.safeParse(reply).success).toBe(true);
    messages.push({ role: 'assistant', content: reply.reply });
  }
  return reply;
}

describe('floatingChatTurn', () => {
  it('greets on first open', () => {
    const reply = floatingChatTurn({ messages: [], today: TODAY });
    expect(reply.reply).toMatch(/Pathfinder/);
    expect(reply.actions).toEqual([]);
  });

  it('answers a clear goal with advice and one CREATE_GOAL action', () => {
    const reply = chat(['I want to read 20 books by the end of the year']);
    expect(reply.actions).toHaveLength(1);
    const { payload } = reply.actions[0]!;
    expect(payload.title).toBe('Read 20 books');
    expect(payload.targetDate).toBe('2025-12-31');
    expect(payload.milestones.reduce((sum, m) => sum + m.xpReward, 0)).toBe(payload.xpTotal);
    expect(payload.milestones.at(-1)).toMatchObject({ title: 'Read all 20 books', dueDate: '2025-12-31' });
    expect(reply.reply).toMatch(/reading/i);
  });

  it('offers a new goal, not the old one changed, when the hero moves on to another goal', () => {
    const reply = chat(['I want to save $2,000 by June 1', 'I want to lose 5 kg by April 30']);
    expect(reply.actions).toHaveLength(1);
    expect(reply.actions[0]!.payload).toMatchObject({ title: 'Lose 5 kg', targetDate: '2025-04-30' });
    expect(reply.actions[0]!.payload.milestones.at(-1)!.title).toBe('Lose the full 5 kg');
  });

  it('without a deadline uses the fallback: 90 days, 100 XP, 25/25/50 at 30/60/90 days', () => {
    const reply = chat(['I want to start journaling']);
    const { payload } = reply.actions[0]!;
    expect(FALLBACK_DAYS).toBe(90);
    expect(payload.targetDate).toBe('2025-04-15');
    expect(payload.xpTotal).toBe(FALLBACK_XP);
    expect(payload.milestones.map((m) => [m.dueDate, m.xpReward])).toEqual([
      ['2025-02-14', 25],
      ['2025-03-16', 25],
      ['2025-04-15', 50],
    ]);
    expect(reply.reply).toMatch(/\?/);
  });

  it('does not repeat the action on small talk, and offers a new one when the goal changes', () => {
    expect(chat(['I want to read 20 books by the end of the year', 'thanks!']).actions).toEqual([]);
    const changed = chat(['I want to read 20 books by the end of the year', 'actually make it 30 books']);
    expect(changed.actions).toHaveLength(1);
    expect(changed.actions[0]!.payload.title).toBe('Read 30 books');
  });

  it('coaches a question without inventing a goal', () => {
    const reply = chat(['How do I stay motivated?']);
    expect(reply.actions).toEqual([]);
    expect(reply.reply).toMatch(/momentum/);
  });

  it('asks a follow-up for vague input', () => {
    const reply = chat(['I want to be better']);
    expect(reply.actions).toEqual([]);
    expect(reply.reply).toMatch(/\?/);
  });

  it('pushes back instead of creating an unrealistic goal', () => {
    const reply = chat(['help me lose 10 kg in 5 days']);
    expect(reply.actions).toEqual([]);
    expect(reply.reply).toMatch(/safe/);
  });

  it('answers self-harm with crisis support and no action', () => {
    const reply = chat(['I want to run a 5k', 'what is the point, I want to die']);
    expect(reply.actions).toEqual([]);
    expect(reply.reply).toMatch(/988/);
  });
});
