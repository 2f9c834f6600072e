import type { Emit } from '@lifequest/platform';
import { AppError } from '@lifequest/platform';
import { isUuid, type PlanConfirmBody, type QuestWithMilestones, toIsoDate } from '@lifequest/proto';
import type { QuestsTx } from '../db.ts';
import { assertPlanDate } from '../goals/quest-dates.ts';
import { notFound, questWithMilestones } from '../goals/service.ts';
import { dateColumn, MILESTONE_ORDER, milestoneToWire } from '../goals/wire.ts';

/**
 * Confirming a re-plan (a plan carrying `goal_id`, docs/features/replan.md): the quest is updated in
 * place, inside the caller's transaction.
 *
 * - Completed milestones stay exactly as they are: id, title, date, completion and the XP they awarded.
 *   Whatever the draft says of them is ignored, so a stale draft cannot take back earned XP.
 * - The plan's open milestones become the quest's open milestones, in the plan's order after the
 *   completed ones: one naming an open milestone of this quest by `id` updates it (same id), one without
 *   an id is added, and the quest's open milestones the plan no longer names are removed (they were open,
 *   so they awarded nothing).
 * - The quest's whole worth (total_xp) does not change: its completion bonus absorbs the difference of
 *   the milestones' rewards, and a plan whose milestones would be worth more than the quest is refused.
 * - The deadline becomes the last milestone's due date; the title is the plan's (the hero may edit it).
 * - `confirmationKey` records the draft, so confirming it again finds the quest instead of re-planning.
 *
 * No XP event is recorded: no milestone changes completion, and the hero's total XP stays as it was.
 */
export async function replanInPlace(
  tx: QuestsTx,
  emit: Emit,
  input: { userId: string; goalId: string; plan: PlanConfirmBody; confirmationKey: string; now: Date },
): Promise<QuestWithMilestones> {
  const { userId, goalId, plan, confirmationKey } = input;
  // One change of the quest at a time: milestone toggles lock it the same way.
  const locked = await tx.$queryRawUnsafe<{ id: string }[]>(
    'select id::text from quests.goals where id = $1::uuid and user_id = $2::uuid for update',
    goalId,
    userId,
  );
  if (locked.length === 0) throw notFound();
  const goal = await tx.goal.findUniqueOrThrow({
    where: { id: goalId },
    include: { milestones: { orderBy: MILESTONE_ORDER } },
  });
  // A parallel confirmation of the same draft held the lock first: its answer is ours.
  if (goal.confirmationKey === confirmationKey) {
    return questWithMilestones(goal, goal.milestones.map(milestoneToWire));
  }
  if (goal.isCompleted) {
    throw new AppError('CONFLICT', 'This quest is already completed: there is nothing left to re-plan.');
  }
  const done = goal.milestones.filter((m) => m.isCompleted);
  const doneIds = new Set(done.map((m) => m.id));
  const openById = new Map(goal.milestones.filter((m) => !m.isCompleted).map((m) => [m.id, m]));
  // The plan's milestones still to walk: the ones it marks completed, or that are completed here (a
  // toggle between the draft and its confirmation), are the quest's and stay as they are.
  const proposed = plan.milestones.filter((m) => !m.is_completed && !(m.id && doneIds.has(m.id)));
  if (proposed.length === 0) {
    throw new AppError('VALIDATION_FAILED', 'Invalid body: a re-plan needs at least one milestone to walk');
  }
  const today = toIsoDate(input.now);
  for (const [i, m] of proposed.entries()) {
    if (m.due_date) assertPlanDate(`milestones.${i}.due_date`, m.due_date, today);
  }
  const milestoneXp = [...done, ...proposed].reduce(
    (sum, m) => sum + ('xpReward' in m ? m.xpReward : m.xp_reward),
    0,
  );
  if (milestoneXp > goal.totalXp) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Invalid body: the milestones would be worth ${milestoneXp} XP, more than the quest's ${goal.totalXp}`,
    );
  }

  const kept = new Set<string>();
  for (const [i, m] of proposed.entries()) {
    const position = done.length + i;
    const data = { title: m.label, dueDate: dateColumn(m.due_date), xpReward: m.xp_reward, position };
    const existing = m.id ? openById.get(m.id) : undefined;
    if (existing && !kept.has(existing.id)) {
      kept.add(existing.id);
      await tx.milestone.update({ where: { id: existing.id }, data });
    } else {
      await tx.milestone.create({ data: { ...data, goalId, userId } });
    }
  }
  const dropped = [...openById.keys()].filter((id) => !kept.has(id));
  if (dropped.length > 0) {
    await tx.milestone.deleteMany({ where: { id: { in: dropped }, goalId, isCompleted: false } });
  }
  // Completed milestones first, in the order they had.
  for (const [position, m] of done.entries()) {
    if (m.position !== position) await tx.milestone.update({ where: { id: m.id }, data: { position } });
  }
  const dueDates = proposed.map((m) => m.due_date).filter((d): d is string => d !== null);
  const updated = await tx.goal.update({
    where: { id: goalId },
    data: {
      title: plan.goal.title,
      deadline: dueDates.length > 0 ? dateColumn([...dueDates].sort().at(-1)!) : goal.deadline,
      completionBonusXp: goal.totalXp - milestoneXp,
      confirmationKey,
    },
    include: { milestones: { orderBy: MILESTONE_ORDER } },
  });
  // As for a new plan (service.ts): the client names its draft with any text, and plan.confirmed
  // carries ids only; anything else is no draft of ai's.
  const draftId = plan.draftId && isUuid(plan.draftId) ? plan.draftId : null;
  await emit('plan.confirmed', { userId, goalId, draftId, replanned: true }, userId);
  return questWithMilestones(updated, updated.milestones.map(milestoneToWire));
}
