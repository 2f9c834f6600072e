import { AppError, type ServiceDirectory } from '@lifequest/platform';
import { type Plan, type ReplanBody, type ReplanReply, type ReplanSource, toIsoDate } from '@lifequest/proto';
import type { AiEvents } from '../db.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import type { Meter } from '../metering/meter.ts';
import type { LlmProvider, ReplanTask, TurnIo } from '../providers/port.ts';
import { replanDraft } from './draft.ts';
import { fetchOpenQuests, fetchQuest } from './quests.ts';

/** The latest deadline a re-plan may ask for, as quests accepts it. */
const LATEST_DATE = '2100-12-31';

/**
 * The Pathfinder re-plans a quest that fell behind (docs/features/replan.md): it reads the quest from
 * quests, asks the provider for the milestones still to walk, holds the answer to the quest (completed
 * milestones and XP unchanged) and keeps it as the hero's plan draft, which POST /api/plans/confirm
 * applies to the quest in place.
 */
export class ReplanService {
  readonly #events: AiEvents;
  readonly #services: ServiceDirectory;
  readonly #provider: LlmProvider;
  readonly #meter: Meter;
  readonly #now: () => Date;

  constructor(
    events: AiEvents,
    services: ServiceDirectory,
    provider: LlmProvider,
    meter: Meter,
    now: () => Date = () => new Date(),
  ) {
    this.#events = events;
    this.#services = services;
    this.#provider = provider;
    this.#meter = meter;
    this.#now = now;
  }

  /** The hero's open quests (the chat looks for the one meant among them). */
  openQuests(userId: string): Promise<ReplanSource[]> {
    return fetchOpenQuests(this.#services, userId);
  }

  async replan(userId: string, body: ReplanBody, io: TurnIo = {}): Promise<ReplanReply> {
    const source = await fetchQuest(this.#services, userId, body.goal_id);
    return this.replanQuest(userId, source, body, io);
  }

  /** Re-plans a quest already read (the chat found it among the open ones). */
  async replanQuest(
    userId: string,
    source: ReplanSource,
    body: Omit<ReplanBody, 'goal_id'>,
    io: TurnIo = {},
  ): Promise<ReplanReply> {
    const today = this.#now();
    const todayIso = toIsoDate(today);
    if (source.goal.is_completed) {
      throw new AppError('CONFLICT', 'This quest is already completed: there is nothing left to re-plan.');
    }
    if (!source.milestones.some((m) => !m.is_completed)) {
      throw new AppError('CONFLICT', 'This quest has no open milestone to re-plan.');
    }
    const newDeadline = body.new_deadline ?? null;
    if (newDeadline !== null && (newDeadline <= todayIso || newDeadline > LATEST_DATE)) {
      throw new AppError(
        'VALIDATION_FAILED',
        'Invalid body: new_deadline must be after today and before 2101',
      );
    }
    const task: ReplanTask = { quest: source, newDeadline, note: body.note?.trim() || null };
    const proposal = await this.#meter.metered(
      userId,
      'advisor',
      this.#provider.allowance({ kind: 'replan', task }, today),
      (onUsage) => this.#provider.replan(task, { today, onUsage, ...io }),
      today,
    );
    const plan = replanDraft(source, proposal);
    const draftId = await this.#saveDraft(userId, plan);
    const deadline = plan.milestones.at(-1)!.due_date!;
    return {
      needs_confirmation: true,
      plan,
      reply: proposal.reply,
      draftId,
      deadline,
      deadline_moved: deadline !== source.goal.deadline,
      reasons: proposal.reasons,
      current: { goal: source.goal, milestones: source.milestones },
    };
  }

  /** The re-plan becomes the hero's one plan draft (as an advisor plan does), replacing any other. */
  async #saveDraft(userId: string, plan: Plan): Promise<string> {
    return this.#events.transaction(async (tx, emit) => {
      await tx.planDraft.deleteMany({ where: { userId } });
      const draft = await tx.planDraft.create({
        data: { userId, plan: plan as unknown as Prisma.InputJsonValue },
      });
      await emit('plan.drafted', { userId, draftId: draft.id }, userId);
      return draft.id;
    });
  }
}
