import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DISCIPLINE,
  DISCIPLINE_KEYWORDS,
  disciplineFromKeywords,
  FOUNDATION_DESCRIPTIONS,
  FOUNDATIONS,
  goalDiscipline,
  isFoundation,
} from './discipline.ts';

describe('the four foundations', () => {
  it('are Finance, Health, Intelligence and Spirit, in that order', () => {
    expect(FOUNDATIONS).toEqual(['Finance', 'Health', 'Intelligence', 'Spirit']);
  });

  it('each carry their description', () => {
    expect(FOUNDATION_DESCRIPTIONS.Finance).toBe('Financial literacy, savings, investments, wealth building');
    expect(FOUNDATION_DESCRIPTIONS.Spirit).toBe(
      'Mental health, mindfulness, emotional well-being, personal growth',
    );
  });

  it('are recognised only by their exact names', () => {
    expect(isFoundation('Health')).toBe(true);
    expect(isFoundation('health')).toBe(false);
    expect(isFoundation('')).toBe(false);
    expect(isFoundation(null)).toBe(false);
  });
});

describe('a goal discipline', () => {
  it('is the foundation when one is set, whatever the keywords say', () => {
    expect(goalDiscipline({ title: 'Save money', class_name: 'financial', foundation: 'Spirit' })).toBe(
      'Spirit',
    );
  });

  it.each([[null], [undefined], ['']])(
    'falls back to keywords when the foundation is %j (unassigned)',
    (foundation) => {
      expect(goalDiscipline({ title: 'Run a 10k', class_name: 'general', foundation })).toBe('Health');
    },
  );

  it.each([
    ['Save money for a gym membership', 'Finance', 'Finance is checked before Health'],
    ['Read a book about running', 'Health', 'Health is checked before Intelligence'],
    ['Journal about what I learn', 'Intelligence', 'Intelligence is checked before Spirit'],
    ['Pay off $5,000', 'Finance', '$ is a Finance keyword'],
    ['Lose weight', 'Health', 'weight'],
    ['Finish an online course', 'Intelligence', 'course'],
    ['Meditate every morning', 'Spirit', "the stem 'meditat'"],
    ['Practise MINDFULNESS', 'Spirit', 'matching ignores case'],
    ['Call grandma weekly', 'Intelligence', 'no keyword gives the default'],
  ])('%j is %s (%s)', (title, discipline) => {
    expect(goalDiscipline({ title, class_name: 'general' })).toBe(discipline);
  });

  it('reads keywords in the class name as well as the title', () => {
    expect(disciplineFromKeywords('fitness', 'Get better')).toBe('Health');
    expect(disciplineFromKeywords('Workout', null)).toBe('Health');
  });

  it('does not invent keywords across the seam of class name and title', () => {
    // 'ru' + 'n...' would read 'run' if the two were glued together.
    expect(disciplineFromKeywords('ru', 'nap daily')).toBe(DEFAULT_DISCIPLINE);
  });

  it("uses the product's keyword lists exactly; the life class names themselves are not keywords", () => {
    expect(DISCIPLINE_KEYWORDS.Finance).toEqual(['save', 'money', 'budget', 'invest', 'debt', '$', 'dollar']);
    expect(disciplineFromKeywords('financial', 'Pay off the car')).toBe('Intelligence');
  });

  it('defaults to Intelligence', () => {
    expect(DEFAULT_DISCIPLINE).toBe('Intelligence');
    expect(goalDiscipline({})).toBe('Intelligence');
  });
});
