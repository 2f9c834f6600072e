import type { SkillStatus } from '@lifequest/proto';
import type { MessageKey } from '../i18n/messages/en.ts';
import type { Translate } from '../i18n/useT.ts';
import type { SkillTreeNode } from './types.ts';

export const UNLOCKED_LINE = { stroke: '#22c55e', strokeWidth: 3, strokeDasharray: undefined } as const;
export const LOCKED_LINE = { stroke: '#6b7280', strokeWidth: 2, strokeDasharray: '6 6' } as const;

export interface PrerequisiteLine {
  key: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** A line is solid green when the node it leads to is unlocked, dashed grey when it is locked. */
  unlocked: boolean;
}

export function prerequisiteLines(nodes: readonly SkillTreeNode[]): PrerequisiteLine[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  return nodes.flatMap((node) =>
    node.prerequisites.flatMap((prerequisiteId) => {
      const from = byId.get(prerequisiteId);
      if (!from) return [];
      return [
        {
          key: `${prerequisiteId}->${node.id}`,
          x1: from.position.x,
          y1: from.position.y,
          x2: node.position.x,
          y2: node.position.y,
          unlocked: node.status !== 'locked',
        },
      ];
    }),
  );
}

export const STATUS_LABELS: Record<SkillStatus, MessageKey> = {
  mastered: 'skillTree.mastered',
  unlocked: 'skillTree.unlocked',
  locked: 'skillTree.locked',
};

/** 'Master' for the summit, 'Level 2' below it. */
export function levelLabel(t: Translate, level: number): string {
  return level >= 4 ? t('skillTree.master') : t('profile.level', { level });
}

/** Bigger circles for higher levels so the master skill reads as the summit. */
export function nodeRadius(level: number): number {
  return level >= 4 ? 42 : 26 + level * 3;
}
