import { describe, expect, it } from 'vitest';
import { SKILL_NODE_IDS, SKILL_NODES, skillNode } from './skill-nodes.ts';

describe('the skill tree nodes', () => {
  it('are the 13 nodes of the skill tree', () => {
    expect(SKILL_NODES.map((node) => node.id)).toEqual([...SKILL_NODE_IDS]);
    expect(SKILL_NODES).toHaveLength(13);
  });

  it('put the knowledge column under Intelligence and the master node under All', () => {
    expect(skillNode('knowledge_level_2').discipline).toBe('Intelligence');
    expect(skillNode('master_hero').discipline).toBe('All');
  });

  it.each([
    ['finance_level_1', 1, 200, [], { x: 120, y: 80 }],
    ['finance_level_2', 2, 300, ['finance_level_1'], { x: 120, y: 220 }],
    ['finance_level_3', 3, 500, ['finance_level_2'], { x: 120, y: 360 }],
    ['health_level_1', 1, 200, [], { x: 320, y: 80 }],
    ['health_level_2', 2, 300, ['health_level_1'], { x: 320, y: 220 }],
    ['health_level_3', 3, 500, ['health_level_2'], { x: 320, y: 360 }],
    ['knowledge_level_1', 1, 200, [], { x: 520, y: 80 }],
    ['knowledge_level_2', 2, 300, ['knowledge_level_1'], { x: 520, y: 220 }],
    ['knowledge_level_3', 3, 500, ['knowledge_level_2'], { x: 520, y: 360 }],
    ['spirit_level_1', 1, 200, [], { x: 720, y: 80 }],
    ['spirit_level_2', 2, 300, ['spirit_level_1'], { x: 720, y: 220 }],
    ['spirit_level_3', 3, 500, ['spirit_level_2'], { x: 720, y: 360 }],
    [
      'master_hero',
      4,
      1000,
      ['finance_level_3', 'health_level_3', 'knowledge_level_3', 'spirit_level_3'],
      { x: 420, y: 500 },
    ],
  ] as const)('%s: level %i, %i XP, needs %j, sits at %j', (id, level, xpReward, prerequisites, position) => {
    const node = skillNode(id);
    expect(node.level).toBe(level);
    expect(node.xpReward).toBe(xpReward);
    expect(node.prerequisites).toEqual(prerequisites);
    expect(node.position).toEqual(position);
  });

  it('give every node a title and a description', () => {
    for (const node of SKILL_NODES) {
      expect(node.title.length).toBeGreaterThan(0);
      expect(node.description.length).toBeGreaterThan(0);
    }
    expect(new Set(SKILL_NODES.map((node) => node.title)).size).toBe(13);
  });

  it('fit inside the 900x600 graph', () => {
    for (const { position } of SKILL_NODES) {
      expect(position.x).toBeGreaterThan(0);
      expect(position.x).toBeLessThan(900);
      expect(position.y).toBeGreaterThan(0);
      expect(position.y).toBeLessThan(600);
    }
  });
});
