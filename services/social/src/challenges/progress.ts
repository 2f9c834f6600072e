// Challenge progress, from quests' events (see consumer.ts): a completed milestone or quest is one step
// in every challenge of its class (class-of-quest.ts) that the hero had joined when it happened and
// that was running then. Reopening it takes the step back. Progress is the number of steps, capped at
// the challenge's target; `progress_at` is when the step that made it happened (the joining time while
// there are none), so participants with equal progress rank by who got there first.
import type { SqlTx } from '@lifequest/platform';
import type { ChallengeClass } from '@lifequest/proto';
import type { SocialTx } from '../db.ts';
import { type TakenBack, takenBackWhere } from '../feed/activities.ts';

export async function countStep(
  tx: SqlTx,
  step: {
    userId: string;
    className: ChallengeClass;
    sourceKey: string;
    occurredAt: Date;
    goalId: string | null;
  },
): Promise<void> {
  const counted = await tx.$queryRawUnsafe<{ challenge_id: string }[]>(
    `insert into "social"."challenge_steps" (challenge_id, user_id, source_key, occurred_at, goal_id)
     select p.challenge_id, p.user_id, $3, $4::timestamptz, $5::uuid
     from "social"."challenge_participants" p
     join "social"."challenges" c on c.id = p.challenge_id
     where p.user_id = $1::uuid and c.class_name = $2
       and c.starts_at <= $4::timestamptz and c.ends_at > $4::timestamptz
       and p.joined_at <= $4::timestamptz
     on conflict do nothing
     returning challenge_id`,
    step.userId,
    step.className,
    step.sourceKey,
    step.occurredAt.toISOString(),
    step.goalId,
  );
  for (const { challenge_id } of counted) await recount(tx, challenge_id, step.userId);
}

/** Takes back the steps of a reopened deed or of a deleted quest (the rule of retractActivities). */
export async function takeStepsBack(tx: SqlTx, userId: string, what: TakenBack): Promise<void> {
  const { where, value } = takenBackWhere(what);
  const removed = await tx.$queryRawUnsafe<{ challenge_id: string }[]>(
    `delete from "social"."challenge_steps"
     where user_id = $1::uuid and ${where}
     returning challenge_id`,
    userId,
    value,
  );
  for (const challengeId of new Set(removed.map((r) => r.challenge_id)))
    await recount(tx, challengeId, userId);
}

/**
 * Sets the participant's progress from their steps: locks their row first, so the count (a later
 * statement, a fresh snapshot) sees the steps of every transaction that held it before.
 */
async function recount(tx: SqlTx, challengeId: string, userId: string): Promise<void> {
  const [participant] = await tx.$queryRawUnsafe<{ target_value: number }[]>(
    `select c.target_value
     from "social"."challenge_participants" p join "social"."challenges" c on c.id = p.challenge_id
     where p.challenge_id = $1::uuid and p.user_id = $2::uuid
     for update of p`,
    challengeId,
    userId,
  );
  if (!participant) return;
  // The first `target_value` steps count; progress_at is when the last of them happened.
  await tx.$executeRawUnsafe(
    `update "social"."challenge_participants" p
     set progress = s.n, progress_at = coalesce(s.last, p.joined_at)
     from (select count(*)::int as n, max(t.occurred_at) as last
           from (select occurred_at from "social"."challenge_steps"
                 where challenge_id = $1::uuid and user_id = $2::uuid
                 order by occurred_at asc limit $3) t) s
     where p.challenge_id = $1::uuid and p.user_id = $2::uuid`,
    challengeId,
    userId,
    participant.target_value,
  );
}

/** A deleted hero leaves every challenge: their steps go with them, and the counts drop. */
export async function purgeChallenges(tx: SocialTx, userId: string): Promise<void> {
  await tx.$executeRaw`
    update "social"."challenges" c set participant_count = c.participant_count - 1
    from "social"."challenge_participants" p where p.challenge_id = c.id and p.user_id = ${userId}::uuid`;
  await tx.challengeParticipant.deleteMany({ where: { userId } });
}
