import { computeSkillTree, type SkillTreeResponse, skillTooltip } from '@lifequest/proto';
import type { QuestsDb } from '../db.ts';

/** The hero's skill tree, by the rules and constants of docs/product.md#skill-tree (computeSkillTree). */
export class SkillTreeService {
  readonly #db: QuestsDb;

  constructor(db: QuestsDb) {
    this.#db = db;
  }

  async forHero(userId: string): Promise<SkillTreeResponse> {
    const [goals, milestones] = await Promise.all([
      this.#db.goal.findMany({
        where: { userId },
        select: { id: true, title: true, className: true, foundation: true, isCompleted: true },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      }),
      this.#db.milestone.findMany({ where: { userId }, select: { goalId: true, isCompleted: true } }),
    ]);
    const tree = computeSkillTree(
      goals.map((g) => ({
        id: g.id,
        title: g.title,
        class_name: g.className,
        foundation: g.foundation,
        is_completed: g.isCompleted,
      })),
      milestones.map((m) => ({ goal_id: m.goalId, is_completed: m.isCompleted })),
    );
    return {
      counters: tree.counters,
      nodes: tree.nodes.map((node) => {
        const benchmark = skillTooltip(node);
        return {
          ...node,
          prerequisites: [...node.prerequisites],
          position: { ...node.position },
          ...(benchmark ? { benchmark } : {}),
        };
      }),
    };
  }
}
