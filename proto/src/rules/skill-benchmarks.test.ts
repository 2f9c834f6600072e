import { describe, expect, it } from 'vitest';
import { FOUNDATIONS } from './discipline.ts';
import { skillTooltip } from './skill-benchmarks.ts';
import { SKILL_NODES, skillNode } from './skill-nodes.ts';

describe('the skill tooltips', () => {
  it.each([
    ['finance_level_1', 'A monthly written budget'],
    ['finance_level_2', 'An emergency fund of at least $10,000'],
    ['finance_level_3', '3-6 months of essential expenses ($20,000-$35,000)'],
    ['health_level_1', 'Brisk walking of 30 minutes on 5 days a week plus bodyweight exercise'],
    ['health_level_2', 'A 1-mile run in under 12 minutes (men) or 14 minutes (women)'],
    ['health_level_3', 'A bodyweight pull-up or push-up and a bodyweight deadlift'],
    ['knowledge_level_1', 'High-school literacy and numeracy plus digital tools'],
    ['knowledge_level_2', 'A post-secondary credential plus a specialised skill'],
    ['knowledge_level_3', "A bachelor's degree or equivalent plus teaching and a portfolio"],
    ['spirit_level_1', 'A regular sleep schedule, a positive relationship and weekly relaxation'],
    ['spirit_level_2', 'Weekly mindfulness or gratitude, emotion regulation and balance'],
    ['spirit_level_3', 'Emotional growth, stress resilience and mentoring'],
  ] as const)('%s shows the product benchmark %j', (id, benchmark) => {
    expect(skillTooltip(skillNode(id))?.benchmark).toBe(benchmark);
  });

  it('give every foundation node an accomplishment and a societal context', () => {
    const foundationNodes = SKILL_NODES.filter((node) => node.discipline !== 'All');
    expect(foundationNodes).toHaveLength(FOUNDATIONS.length * 3);
    for (const node of foundationNodes) {
      const tooltip = skillTooltip(node);
      expect(tooltip?.accomplishment).toMatch(/\S/);
      expect(tooltip?.societalContext).toMatch(/\S/);
    }
  });

  it('are absent for the master node, which is not one of the four disciplines', () => {
    expect(skillTooltip(skillNode('master_hero'))).toBeUndefined();
  });
});
