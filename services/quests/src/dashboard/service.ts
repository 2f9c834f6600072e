import type { Database } from '@lifequest/platform';
import { type DashboardItem, type DashboardResponse, questProgress } from '@lifequest/proto';

interface DashboardRow {
  id: string;
  title: string;
  category: DashboardItem['goal']['category'];
  difficulty: DashboardItem['goal']['difficulty'];
  /** yyyy-mm-dd */
  deadline: string | null;
  target_value: number | null;
  unit: string | null;
  total_xp: number;
  /** yyyy-mm-dd: the UTC day the quest was created. */
  start_date: string;
  /** In plan order. */
  milestones: { title: string; due: string | null; done: boolean; xp: number }[];
}

/*
 * The page polls this, so it is one SQL statement (quests and their milestones together) read straight
 * through the driver: through Prisma the same read was two queries plus the client's query planning
 * and result mapping, most of the service's CPU per request under load. Like every statement with
 * parameters on the driver, it is a named prepared statement: parsed once, not on every poll.
 */
const ACTIVE_QUESTS = `
  select g.id, g.title, g.category, g.difficulty, g.deadline::text as deadline, g.target_value, g.unit,
         g.total_xp, (g.created_at at time zone 'UTC')::date::text as start_date,
         coalesce(json_agg(json_build_object('title', m.title, 'due', m.due_date::text,
                    'done', m.is_completed, 'xp', m.xp_awarded) order by m.position, m.created_at)
                  filter (where m.id is not null), '[]') as milestones
    from quests.goals g left join quests.milestones m on m.goal_id = g.id
   where g.user_id = $1 and not g.is_completed
   group by g.id
   order by g.created_at, g.id`;

/**
 * The Pathfinder page's dashboard (docs/product.md#screens): one card per active quest. Completed quests are left out:
 * the page shows active goal cards, and a dashboard item has no completion field.
 */
export class DashboardService {
  readonly #db: Pick<Database, 'query'>;

  constructor(db: Pick<Database, 'query'>) {
    this.#db = db;
  }

  async forHero(userId: string): Promise<DashboardResponse> {
    const rows = await this.#db.query<DashboardRow>(ACTIVE_QUESTS, [userId]);
    return { goals: rows.map(dashboardItem) };
  }
}

function dashboardItem(goal: DashboardRow): DashboardItem {
  const milestones = goal.milestones;
  const progress = questProgress(milestones.map((m) => ({ is_completed: m.done })));
  const next = milestones
    .filter((m) => !m.done)
    // Soonest due first; undated milestones after dated ones, in plan order (the sort is stable).
    .sort((a, b) => (a.due ?? '9999-12-31').localeCompare(b.due ?? '9999-12-31'))[0];
  return {
    goal: {
      id: goal.id,
      title: goal.title,
      category: goal.category,
      difficulty: goal.difficulty,
      targetDate: goal.deadline,
      targetValue: goal.target_value,
      unit: goal.unit,
      totalGoalXp: goal.total_xp,
      startDate: goal.start_date,
    },
    progressPercentage: progress.percent,
    totalXp: milestones.reduce((sum, m) => sum + (m.done ? m.xp : 0), 0),
    nextMilestone: next ? { label: next.title, dueDate: next.due } : null,
    completedMilestones: progress.completed,
    totalMilestones: progress.total,
  };
}
