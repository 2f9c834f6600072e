// The weekly review job (docs/features/daily-loop.md#weekly-review). Each hero is reviewed on their
// Monday morning (from 06:00 in their zone) once a week: the claim (review_claims) is written in the
// same transaction as the quest.at_risk events, so a second run that week, or a second worker at the
// same moment, finds the claim taken and flags nothing. An admin's run (requestedBy set) reviews every
// hero for the week they are in, under the same claim.
import type { SqlTx } from '@lifequest/platform';
import { addDays, localDay, localHour, type ScheduledJobData, weekdayOf } from '@lifequest/proto';
import type { QuestEvents } from '../db.ts';
import { atRiskReason, type ReviewedMilestone } from './at-risk.ts';

export const WEEKLY_REVIEW = 'weekly-review';
export const WEEKLY_REVIEW_EVERY_MS = 60 * 60_000;
/** The review waits for this local hour on Monday. */
export const REVIEW_HOUR = 6;

/** The Monday (yyyy-mm-dd) of the week `day` is in. */
export function mondayOf(day: string): string {
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}

export async function weeklyReview(events: QuestEvents, now: Date, data: ScheduledJobData): Promise<string> {
  const heroes = await events.sqlTransaction((tx) =>
    tx.$queryRawUnsafe<{ user_id: string; time_zone: string | null }[]>(
      `select distinct g.user_id, z.time_zone from "quests"."goals" g
         left join "quests"."hero_zones" z on z.user_id = g.user_id
        where not g.is_completed`,
    ),
  );
  let reviewed = 0;
  let flagged = 0;
  for (const hero of heroes) {
    const zone = hero.time_zone ?? 'UTC';
    const today = localDay(now, zone);
    const due = weekdayOf(today) === 1 && localHour(now, zone) >= REVIEW_HOUR;
    if (!due && data.requestedBy === null) continue;
    const result = await events.sqlTransaction((tx, emit) => reviewHero(tx, emit, hero.user_id, today, now));
    if (result !== null) {
      reviewed++;
      flagged += result;
    }
  }
  return `${reviewed} heroes reviewed, ${flagged} quests at risk`;
}

/** Reviews one hero's open quests for the week of `today`; null when their week was already reviewed. */
async function reviewHero(
  tx: SqlTx,
  emit: Parameters<Parameters<QuestEvents['sqlTransaction']>[0]>[1],
  userId: string,
  today: string,
  now: Date,
): Promise<number | null> {
  const week = mondayOf(today);
  const claimed = await tx.$queryRawUnsafe<unknown[]>(
    `insert into "quests"."review_claims" (user_id, week, reviewed_at) values ($1::uuid, $2::date, $3::timestamptz)
     on conflict do nothing returning 1`,
    userId,
    week,
    now.toISOString(),
  );
  if (claimed.length === 0) return null;
  const quests = await tx.$queryRawUnsafe<
    {
      id: string;
      title: string;
      started_on: string;
      deadline: string | null;
      milestones: ReviewedMilestone[];
    }[]
  >(
    `select g.id, g.title, (g.created_at at time zone 'UTC')::date::text as started_on, g.deadline::text as deadline,
            coalesce((select json_agg(json_build_object('title', m.title, 'dueDate', m.due_date::text,
                                                        'isCompleted', m.is_completed, 'position', m.position))
                        from "quests"."milestones" m where m.goal_id = g.id), '[]'::json) as milestones
       from "quests"."goals" g
      where g.user_id = $1::uuid and not g.is_completed`,
    userId,
  );
  let flagged = 0;
  for (const quest of quests) {
    const reason = atRiskReason(
      { startedOn: quest.started_on, deadline: quest.deadline, milestones: quest.milestones },
      today,
    );
    if (!reason) continue;
    await emit('quest.at_risk', { userId, goalId: quest.id, title: quest.title, reason, week }, userId);
    flagged++;
  }
  return flagged;
}
