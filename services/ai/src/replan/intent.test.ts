import type { ReplanSource } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { asksForReplan, chooseQuest, namesQuest, replanAsk, whichQuestQuestion } from './intent.ts';

function quest(title: string, due: string, milestones: string[] = ['First step']): ReplanSource {
  const id = crypto.randomUUID();
  return {
    goal: {
      id,
      title,
      deadline: '2026-12-31',
      class_name: 'general',
      foundation: null,
      is_completed: false,
      progress: 0,
      start_date: '2026-01-01',
    },
    milestones: milestones.map((m) => ({
      id: crypto.randomUUID(),
      goal_id: id,
      title: m,
      is_completed: false,
      xp_reward: 10,
      due_date: due,
    })),
    total_xp: 100,
    early_milestone_bonus: 0,
    logging_daily_bonus: 0,
  };
}

describe('asksForReplan', () => {
  it('hears a hero who fell behind or needs more time', () => {
    for (const text of [
      'I fell behind on my 5k',
      'I need more time for the novel',
      "I'm behind on my savings",
      'can we push back the deadline?',
      'I missed my milestone',
      'I’ve fallen behind',
      'please re-plan my reading quest',
    ]) {
      expect(asksForReplan(text), text).toBe(true);
    }
  });

  it('leaves goals and questions to the chat', () => {
    for (const text of [
      'I want to run a 5k by June',
      'How do I stay motivated?',
      'Save $3,000 in 6 months',
      'thanks!',
    ]) {
      expect(asksForReplan(text), text).toBe(false);
    }
  });
});

describe('replanAsk', () => {
  it('tells words that can only mean a quest slipped from a request for time', () => {
    expect(replanAsk('I fell behind on my 5k')).toBe('behind');
    expect(replanAsk('I missed my milestone')).toBe('behind');
    // These may also revise a plan still being shaped: the chat re-plans only a quest they name.
    expect(replanAsk('I need more time for the novel')).toBe('more-time');
    expect(replanAsk('push back the deadline to August')).toBe('more-time');
    expect(replanAsk('I need two more months for the novel')).toBe('more-time');
    expect(replanAsk('could I get another 3 weeks on my 5k?')).toBe('more-time');
    expect(replanAsk('I want 2 more books on my list')).toBeNull();
  });
});

describe('chooseQuest', () => {
  const fiveK = quest('Run a 5K', '2026-02-01', ['Run 3 km']);
  const novel = quest('Write a novel', '2026-02-01', ['Outline the plot']);
  const books = quest('Read 12 books', '2026-12-01');

  it('finds the quest the message names, by its title or its milestones', () => {
    expect(chooseQuest('I fell behind on my 5k', [fiveK, novel, books], '2026-03-01')).toEqual({
      kind: 'quest',
      quest: fiveK,
    });
    expect(chooseQuest('I need more time for the novel', [fiveK, novel, books], '2026-03-01')).toEqual({
      kind: 'quest',
      quest: novel,
    });
    expect(chooseQuest('behind on the plot outline', [fiveK, novel, books], '2026-03-01')).toEqual({
      kind: 'quest',
      quest: novel,
    });
  });

  it('without a name: the only open quest, or the only one behind; else it asks which', () => {
    expect(chooseQuest('I need more time', [books], '2026-03-01')).toEqual({ kind: 'quest', quest: books });
    expect(chooseQuest('I need more time', [fiveK, books], '2026-03-01')).toEqual({
      kind: 'quest',
      quest: fiveK,
    });
    const ask = chooseQuest('I need more time', [fiveK, novel], '2026-03-01');
    expect(ask).toEqual({ kind: 'ask', quests: [fiveK, novel] });
    expect(whichQuestQuestion([fiveK, novel])).toContain('"Run a 5K" or "Write a novel"');
    expect(chooseQuest('I fell behind', [], '2026-03-01')).toEqual({ kind: 'none' });
    expect(namesQuest('push back the deadline to August', [fiveK, novel])).toBe(false);
    expect(namesQuest('I need more time for the novel', [fiveK, novel])).toBe(true);
  });
});
