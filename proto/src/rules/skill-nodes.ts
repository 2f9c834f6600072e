// The 13 nodes of the skill tree (docs/product.md#skill-tree): a column of three levels per foundation, then one
// master node. Rewards, positions and prerequisites follow from a node's column and level, so they are
// computed from the rules below rather than typed out thirteen times.
import type { Foundation } from './discipline.ts';

export type SkillDiscipline = Foundation | 'All';
/** 1-3 within a foundation column; 4 is the master skill. */
export type SkillLevel = 1 | 2 | 3 | 4;

export const SKILL_NODE_IDS = [
  'finance_level_1',
  'finance_level_2',
  'finance_level_3',
  'health_level_1',
  'health_level_2',
  'health_level_3',
  'knowledge_level_1',
  'knowledge_level_2',
  'knowledge_level_3',
  'spirit_level_1',
  'spirit_level_2',
  'spirit_level_3',
  'master_hero',
] as const;
export type SkillNodeId = (typeof SKILL_NODE_IDS)[number];

export interface SkillNode {
  id: SkillNodeId;
  title: string;
  description: string;
  discipline: SkillDiscipline;
  level: SkillLevel;
  prerequisites: readonly SkillNodeId[];
  xpReward: number;
  position: { x: number; y: number };
}

/** 200 for level 1, 300 for level 2, 500 for level 3, 1000 for the master skill. */
export const SKILL_XP_REWARDS: Readonly<Record<SkillLevel, number>> = { 1: 200, 2: 300, 3: 500, 4: 1000 };

/** A skill is mastered at 80% progress. */
export const MASTERY_THRESHOLD = 80;

/** The layout on the 900x600 graph: one column per foundation, one row per level, master below. */
export const SKILL_TREE_LAYOUT = {
  width: 900,
  height: 600,
  columns: { Finance: 120, Health: 320, Intelligence: 520, Spirit: 720 } as Readonly<
    Record<Foundation, number>
  >,
  rows: [80, 220, 360] as const,
  master: { x: 420, y: 500 },
} as const;

interface ColumnTier {
  title: string;
  description: string;
}

interface Column {
  discipline: Foundation;
  // Intelligence nodes are named knowledge_level_n by the product, so the prefix is not the discipline name.
  prefix: 'finance' | 'health' | 'knowledge' | 'spirit';
  tiers: readonly [ColumnTier, ColumnTier, ColumnTier];
}

const COLUMNS: readonly Column[] = [
  {
    discipline: 'Finance',
    prefix: 'finance',
    tiers: [
      {
        title: 'Coin Keeper',
        description: 'Know where every coin goes: plan income and spending in a written budget.',
      },
      {
        title: 'Treasure Guardian',
        description: 'Build a safety net: grow your savings into a real emergency fund.',
      },
      {
        title: 'Wealth Architect',
        description: 'Secure months of freedom: a full reserve of essential expenses to build wealth on.',
      },
    ],
  },
  {
    discipline: 'Health',
    prefix: 'health',
    tiers: [
      { title: 'Vital Spark', description: 'Move every day: brisk walks and simple bodyweight exercise.' },
      { title: 'Enduring Stride', description: 'Build stamina: run a mile at a strong, steady pace.' },
      { title: 'Iron Body', description: 'Master your own weight: strength that carries you through life.' },
    ],
  },
  {
    discipline: 'Intelligence',
    prefix: 'knowledge',
    tiers: [
      { title: 'Curious Scholar', description: 'Read, reason and use digital tools with confidence.' },
      { title: 'Skilled Artisan', description: 'Earn a credential and sharpen a specialised skill.' },
      {
        title: 'Master Sage',
        description: 'Hold deep expertise you can show in your work and teach to others.',
      },
    ],
  },
  {
    discipline: 'Spirit',
    prefix: 'spirit',
    tiers: [
      { title: 'Inner Calm', description: 'Rest well, keep a close bond and make time to unwind.' },
      { title: 'Mindful Heart', description: 'Practise mindfulness or gratitude and steady your emotions.' },
      {
        title: 'Resilient Soul',
        description: 'Grow through hardship, stay strong under stress and mentor others.',
      },
    ],
  },
];

const columnNodes: SkillNode[] = COLUMNS.flatMap((column) =>
  column.tiers.map((tier, index): SkillNode => {
    const level = (index + 1) as 1 | 2 | 3;
    return {
      id: `${column.prefix}_level_${level}`,
      title: tier.title,
      description: tier.description,
      discipline: column.discipline,
      level,
      // Each level builds on the one below it in the same column.
      prerequisites: level === 1 ? [] : [`${column.prefix}_level_${(level - 1) as 1 | 2}`],
      xpReward: SKILL_XP_REWARDS[level],
      position: { x: SKILL_TREE_LAYOUT.columns[column.discipline], y: SKILL_TREE_LAYOUT.rows[index] ?? 0 },
    };
  }),
);

const masterNode: SkillNode = {
  id: 'master_hero',
  title: 'Master Hero',
  description:
    'Bring all four foundations to their peak: Finance, Health, Intelligence and Spirit in balance.',
  discipline: 'All',
  level: 4,
  // The product says "the three level-3 nodes of the four disciplines"; three cannot be the count of four
  // columns' level-3 nodes, so we read it as the level-3 node of each of the four disciplines (four ids).
  prerequisites: COLUMNS.map((column): SkillNodeId => `${column.prefix}_level_3`),
  xpReward: SKILL_XP_REWARDS[4],
  position: { ...SKILL_TREE_LAYOUT.master },
};

/** All 13 nodes: the Finance, Health, Intelligence and Spirit columns (levels 1-3), then master_hero. */
export const SKILL_NODES: readonly SkillNode[] = [...columnNodes, masterNode];

export function skillNode(id: SkillNodeId): SkillNode {
  const node = SKILL_NODES.find((candidate) => candidate.id === id);
  if (!node) throw new Error(`Unknown skill node ${id}`);
  return node;
}
