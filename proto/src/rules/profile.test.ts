import { describe, expect, it } from 'vitest';
import { disciplineMastery } from './profile.ts';

const goal = (title: string, is_completed = false, foundation: string | null = null) => ({
  title,
  class_name: 'general',
  foundation,
  is_completed,
});

describe('profile discipline mastery', () => {
  it('lists the four disciplines in order, starting at level 1 with no goals', () => {
    expect(disciplineMastery([])).toEqual(
      ['Finance', 'Health', 'Intelligence', 'Spirit'].map((discipline) => ({
        discipline,
        goalCount: 0,
        completedCount: 0,
        xp: 0,
        level: 1,
        progress: 0,
      })),
    );
  });

  it('gives 25 XP per goal and 100 more per completed goal', () => {
    const [finance] = disciplineMastery([
      goal('Save money', true),
      goal('Pay off debt'),
      goal('Budget', true),
    ]);
    expect(finance).toMatchObject({ goalCount: 3, completedCount: 2, xp: 275 });
  });

  it('levels up every 200 XP and shows the remainder as progress', () => {
    // 275 XP: level floor(275/200)+1 = 2, progress 75/200 = 37.5% -> 37.
    const [finance] = disciplineMastery([
      goal('Save money', true),
      goal('Pay off debt'),
      goal('Budget', true),
    ]);
    expect(finance).toMatchObject({ level: 2, progress: 37 });
  });

  it('restarts progress at 0 on an exact level boundary', () => {
    // 8 open goals = 200 XP: level 2, 0%.
    const health = disciplineMastery(Array.from({ length: 8 }, () => goal('Gym')))[1];
    expect(health).toMatchObject({ xp: 200, level: 2, progress: 0 });
  });

  it('places goals by foundation first, then keywords, defaulting to Intelligence', () => {
    const result = disciplineMastery([
      goal('Save money', false, 'Spirit'),
      goal('Call grandma'),
      goal('Run a 10k'),
    ]);
    expect(result.map((entry) => entry.goalCount)).toEqual([0, 1, 1, 1]);
  });
});
