import { NARRATIVE_TYPES } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import type { StoryInput } from './schemas.ts';
import { writeStory } from './stories.ts';

const epic: StoryInput = {
  kind: 'epic',
  heroName: 'Aria',
  achievements: [
    {
      title: 'Read 12 books',
      foundation: 'Intelligence',
      completedAt: '2025-06-01T10:00:00Z',
      milestones: ['Read 3 of 12 books', 'Read 6 of 12 books', 'Read all 12 books'],
    },
    {
      title: 'Save $5,000',
      foundation: 'Finance',
      completedAt: '2025-07-01T10:00:00Z',
      milestones: ['Save $1,250 of $5,000'],
    },
  ],
  foundationProgress: { Finance: 40, Health: 10, Intelligence: 75, Spirit: 0 },
};

const focused: StoryInput = {
  kind: 'focused',
  heroName: 'Bram',
  achievements: [
    {
      title: 'Run a 5k',
      foundation: 'Health',
      completedAt: '2025-04-15',
      milestones: ['Run 1 km without stopping', 'Run 3 km without stopping', 'Run 5 km'],
    },
  ],
  foundationProgress: { Health: 60 },
};

function paragraphs(story: string): string[] {
  return story.split('\n\n');
}

describe('writeStory', () => {
  it("tells an epic story from the hero's own goals, milestones and foundations", () => {
    const { story, narrative_type } = writeStory(epic);
    expect(story.length).toBeGreaterThan(0);
    expect(NARRATIVE_TYPES).toContain(narrative_type);
    expect(narrative_type).toBe('multi_foundation');
    for (const text of [
      'Aria',
      'Read 12 books',
      'Save $5,000',
      'Read 3 of 12 books',
      'Intelligence',
      'Finance',
      '75%',
    ]) {
      expect(story).toContain(text);
    }
    expect(paragraphs(story).length).toBeGreaterThanOrEqual(2);
    expect(paragraphs(story).length).toBeLessThanOrEqual(4);
  });

  it('tells a focused story of one achievement and its milestones in order', () => {
    const { story, narrative_type } = writeStory(focused);
    expect(narrative_type).toBe('single_achievement');
    expect(story).toContain('Bram');
    expect(story).toContain('Run a 5k');
    expect(story.indexOf('Run 1 km without stopping')).toBeLessThan(story.indexOf('Run 5 km"'));
    expect(story).toContain('April 15, 2025');
    expect(paragraphs(story).length).toBeLessThanOrEqual(4);
  });

  it('is deterministic: the same chronicle is told the same way', () => {
    expect(writeStory(epic)).toEqual(writeStory(structuredClone(epic)));
    expect(writeStory(focused)).toEqual(writeStory(structuredClone(focused)));
  });

  it('different heroes get different tellings', () => {
    const tellings = new Set(
      ['Aria', 'Bram', 'Cleo', 'Dax', 'Eve', 'Finn'].map((heroName) =>
        writeStory({ ...epic, heroName }).story.replaceAll(heroName, 'X'),
      ),
    );
    expect(tellings.size).toBeGreaterThan(1);
  });

  it('picks the narrative type from the achievements', () => {
    expect(writeStory({ ...epic, achievements: [epic.achievements[0]!] }).narrative_type).toBe(
      'foundation_progress',
    );
    expect(writeStory({ ...epic, achievements: [] }).narrative_type).toBe('milestone_celebration');
  });

  it('still writes prose with no achievements and no foundation progress', () => {
    const { story } = writeStory({ kind: 'epic', heroName: '', achievements: [], foundationProgress: {} });
    expect(paragraphs(story).length).toBeGreaterThanOrEqual(2);
    expect(story.length).toBeGreaterThan(80);
  });
});
