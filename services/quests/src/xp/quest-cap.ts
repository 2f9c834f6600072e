import { GOAL_XP_MAX } from '@lifequest/proto';

/*
 * What one quest can award, all told: at most GOAL_XP_MAX (1,000 XP). Its worth (`total_xp`: the
 * milestones' rewards plus the completion bonus, itself at most 1,000) is always paid in full. The
 * plan's bonuses, early_milestone and logging_daily, are paid on top of it only out of the room the
 * worth leaves, first earned first paid; a bonus taken back (a reopened milestone's early bonus) frees
 * its room again. logging_daily counts too: it is earned per quest (and day), so without the room it
 * would have no bound but time.
 */

/** The XP a quest may still pay as bonuses, given its worth and the bonuses it holds now. */
export function bonusRoom(worth: number, bonusesHeld: number): number {
  return Math.max(0, GOAL_XP_MAX - worth - bonusesHeld);
}

/** A bonus the quest offers, cut to the room it has left. */
export function bonusWithinRoom(offered: number, room: number): number {
  return Math.max(0, Math.min(offered, room));
}

/**
 * The bonuses a quest holds now: the early bonuses of its completed milestones (what each completion
 * announced beyond its reward) and every logging bonus its progress entries earned.
 */
const BONUSES_HELD = `
  select (select coalesce(sum(xp_awarded - xp_reward), 0) from quests.milestones
           where goal_id = $1::uuid and is_completed)::int
       + (select coalesce(sum(xp_bonus), 0) from quests.progress_entries where goal_id = $1::uuid)::int
         as held`;

/** Prisma's transaction client or the driver's: both run raw SQL. */
interface RawSql {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T>;
}

/**
 * The room a quest has left for bonuses. Call it with the quest's row locked (toggles and progress
 * entries lock it), so no other bonus of the quest is being decided meanwhile.
 */
export async function bonusRoomOf(tx: RawSql, goalId: string, worth: number): Promise<number> {
  const [row] = await tx.$queryRawUnsafe<{ held: number }[]>(BONUSES_HELD, goalId);
  return bonusRoom(worth, Number(row?.held ?? 0));
}
