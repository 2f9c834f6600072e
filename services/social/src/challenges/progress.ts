// Challenge progress, from quests' events (see consumer.ts): a completed milestone or quest is one step
// in every challenge of its class (class-of-quest.ts) that the hero had joined when it happened and
// that was running then. Reopening it takes the step back. Progress is the number of steps, capped at
// the challenge's target; `progress_at` is when the step that made it happened (the joining time while
// there are none), so participants with equal progress rank by who got there first.
import type { ChallengeClass } from '@lifequest/proto';
import type { SocialTx } from '../db.ts';

export async function countStep(
  tx: SocialTx,
  step: { userId: string; className: ChallengeClass; sourceKey: string; occurredAt: Date },
): Promise<void> {
  const counted = await tx.$queryRaw<{ challenge_id: string }[]>`
    insert into "social"."challenge_steps" (challenge_id, user_id, source_key, occurred_at)
    select p.challenge_id, p.user_id, ${step.sourceKey}, ${step.occurredAt}::timestamptz
    from "social"."challenge_participants" p
    join "social"."challenges" c on c.id = p.challenge_id
    where p.user_id = ${step.userId}::uuid and c.class_name = ${step.className}
      and c.starts_at <= ${step.occurredAt}::timestamptz and c.ends_at > ${step.occurredAt}::timestamptz
      and p.joined_at <= ${step.occurredAt}::timestamptz
    on conflict do nothing
    returning challenge_id`;
  for (const { challenge_id } of counted) await recount(tx, challenge_id, step.userId);
}

export async function takeStepBack(tx: SocialTx, userId: string, sourceKey: string): Promise<void> {
  const removed = await tx.$queryRaw<{ challenge_id: string }[]>`
    delete from "social"."challenge_steps"
    where user_id = ${userId}::uuid and source_key = ${sourceKey}
    returning challenge_id`;
  for (const { challenge_id } of removed) await recount(tx, challenge_id, userId);
}

async function recount(tx: SocialTx, challengeId: string, userId: string): Promise<void> {
  const [participant] = await tx.$queryRaw<{ joined_at: Date; target_value: number }[]>`
    select p.joined_at, c.target_value
    from "social"."challenge_participants" p join "social"."challenges" c on c.id = p.challenge_id
    where p.challenge_id = ${challengeId}::uuid and p.user_id = ${userId}::uuid
    for update of p`;
  if (!participant) return;
  const steps = await tx.challengeStep.findMany({
    where: { challengeId, userId },
    orderBy: { occurredAt: 'asc' },
    take: participant.target_value,
    select: { occurredAt: true },
  });
  await tx.challengeParticipant.update({
    where: { challengeId_userId: { challengeId, userId } },
    data: { progress: steps.length, progressAt: steps.at(-1)?.occurredAt ?? participant.joined_at },
  });
}

/** A deleted hero leaves every challenge: their steps go with them, and the counts drop. */
export async function purgeChallenges(tx: SocialTx, userId: string): Promise<void> {
  await tx.$executeRaw`
    update "social"."challenges" c set participant_count = c.participant_count - 1
    from "social"."challenge_participants" p where p.challenge_id = c.id and p.user_id = ${userId}::uuid`;
  await tx.challengeParticipant.deleteMany({ where: { userId } });
}
