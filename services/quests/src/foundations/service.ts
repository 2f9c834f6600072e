import type { Foundation, Goal as GoalWire } from '@lifequest/proto';
import type { QuestsDb } from '../db.ts';
import { notFound } from '../goals/service.ts';
import { goalToWire } from '../goals/wire.ts';

/** Places a quest under one of the four foundations, or makes it unassigned again (docs/product.md#foundations). */
export class FoundationService {
  readonly #db: QuestsDb;

  constructor(db: QuestsDb) {
    this.#db = db;
  }

  async assign(userId: string, goalId: string, foundation: Foundation | ''): Promise<GoalWire> {
    const updated = await this.#db.goal.updateMany({
      where: { id: goalId, userId },
      data: { foundation: foundation === '' ? null : foundation },
    });
    if (updated.count === 0) throw notFound();
    const goal = await this.#db.goal.findFirst({
      where: { id: goalId, userId },
      include: { milestones: { select: { isCompleted: true } } },
    });
    if (!goal) throw notFound();
    return goalToWire(goal, goal.milestones);
  }
}
