import type { ChatMessage } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { advisorTurn } from './advisor.ts';
import { floatingChatTurn } from './floating-chat.ts';
import { readIntent } from './frame.ts';

const TODAY = new Date('2026-01-15T12:00:00Z');

function advise(lines: string[]) {
  const history: ChatMessage[] = [];
  return lines.map((message) => {
    const reply = advisorTurn({ message, history: [...history], today: TODAY });
    history.push({ role: 'user', content: message }, { role: 'assistant', content: reply.reply });
    return reply;
  });
}

describe('what a message asks for', () => {
  it('tells advice, questions and small talk from goals', () => {
    expect(readIntent('I keep skipping my morning runs… any advice?')).toBe('advice');
    expect(readIntent("What's the best way to stick to a budget?")).toBe('advice');
    expect(readIntent('how far along should I be by March?')).toBe('question');
    expect(readIntent('hello! how are you today?')).toBe('small-talk');
    expect(readIntent('thanks, that is really helpful')).toBe('small-talk');
    for (const goal of [
      'run a marathon by October 18',
      'Do yoga for 20 minutes every day for a month',
      'Can you help me save $5,000 by June?',
      'how about 20 books?',
      'because I want to feel strong',
      'yes',
      '12',
      "I don't know",
    ]) {
      expect(readIntent(goal), goal).toBe('goal');
    }
  });
});

describe('the advisor answers rather than plans', () => {
  it('answers advice with no plan, and keeps it out of a later goal', () => {
    const [advice, later] = advise([
      'I keep skipping my morning runs… any advice?',
      'read 12 books by the end of the year',
    ]);
    expect(advice!.plan).toBeNull();
    expect(advice!.needs_confirmation).toBe(false);
    expect(advice!.reply.length).toBeGreaterThan(20);
    expect(later!.plan?.goal.category).toBe('education');
    expect(later!.plan?.goal.title).not.toMatch(/run/i);
  });

  it('answers a question about the quest being shaped from its checkpoints, and keeps the quest', () => {
    const replies = advise([
      'read 12 books by the end of the year',
      'how many should I have finished by April?',
      'thanks!',
    ]);
    expect(replies[0]!.plan).not.toBeNull();
    expect(replies[1]!.plan).toBeNull();
    expect(replies[1]!.reply).toContain('Read 12 books');
    expect(replies[1]!.reply).toMatch(/checkpoints/);
    expect(replies[2]!.plan).toBeNull();
    expect(replies[2]!.reply).toMatch(/Gladly/);
  });

  it('answers small talk with no plan', () => {
    const [hi] = advise(['hey there, how is it going?']);
    expect(hi!.plan).toBeNull();
    expect(hi!.reply).toMatch(/Pathfinder/);
  });

  it('uses the quest being shaped as the context of advice', () => {
    const replies = advise([
      'run 3 times a week for 2 months',
      'I keep missing sessions after work, what can I do?',
    ]);
    expect(replies[1]!.plan).toBeNull();
    expect(replies[1]!.reply).toContain('For "');
  });
});

describe('a pace the hero asks about', () => {
  it('is judged by the rules of thumb the plans use, with no plan drawn', () => {
    const [books, steps, study] = advise([
      'is 3 books a month too much?',
      'is 20,000 steps a day too much?',
      'is 5 hours of study a day sustainable?',
    ]).map((r) => {
      expect(r.plan).toBeNull();
      return r.reply;
    });
    expect(books).toMatch(/^3 books a month is a comfortable pace/);
    expect(steps).toMatch(/^20,000 steps a day is a stretch/);
    expect(study).toMatch(/more than most could keep/);
  });

  it('about money, is the budget rule of thumb: only the hero knows their budget', () => {
    expect(advise(['is saving $500 a month realistic?'])[0]!.reply).toMatch(/10 to 20%/);
    expect(advise(["what's a realistic amount to save each month?"])[0]!.reply).toMatch(/10 to 20%/);
  });
});

describe('a goal in another language', () => {
  it('is answered in English, not echoed as a quest, in the AI Coach and the chat', () => {
    for (const goal of [
      'Ich möchte bis Juni 10 kg abnehmen',
      'Quiero leer 12 libros este año',
      'Je veux lire 12 livres cette année',
    ]) {
      const [reply] = advise([goal]);
      expect(reply!.plan, goal).toBeNull();
      expect(reply!.reply, goal).toMatch(/^For now I read goals in English/);
      expect(floatingChatTurn({ messages: [{ role: 'user', content: goal }], today: TODAY }).actions).toEqual(
        [],
      );
    }
    // English that borrows a word or a name is still English.
    expect(readIntent('Run a 10k in the Bois de Boulogne by June')).toBe('goal');
    expect(readIntent('Call my ma every Sunday')).toBe('goal');
  });
});

describe('the floating chat answers rather than drafts', () => {
  it('offers no CREATE_GOAL for an advice request about a goal', () => {
    const reply = floatingChatTurn({
      messages: [{ role: 'user', content: 'I keep skipping my morning runs, any advice?' }],
      today: TODAY,
    });
    expect(reply.actions).toEqual([]);
  });
});
