import type { Emit } from '@lifequest/platform';
import {
  type AdvisorMessage,
  type AdvisorReply,
  type ChatMessage,
  Plan,
  type PlanDraftResponse,
} from '@lifequest/proto';
import type { AiDb, AiEvents, AiTx } from '../db.ts';
import type { Prisma } from '../generated/prisma/client.ts';
import { crisisResponse } from '../guardrails/safety.ts';
import type { Meter } from '../metering/meter.ts';
import type { AdvisorTask, LlmProvider, TurnIo } from '../providers/port.ts';
import type { ReplanChat } from '../replan/chat.ts';

/** How much of the advisor conversation goes back to the model each turn. */
const HISTORY_FOR_MODEL = 30;
/** How much GET /api/advisor/messages shows. */
const HISTORY_SHOWN = 200;

/**
 * The AI Coach of the Pathfinder page (docs/product.md#pathfinder): it proposes a Plan, which waits
 * as the hero's one draft until the hero confirms it (quests creates the quest and says
 * plan.confirmed) or a newer plan replaces it.
 */
export class AdvisorService {
  readonly #db: AiDb;
  readonly #events: AiEvents;
  readonly #provider: LlmProvider;
  readonly #meter: Meter;
  readonly #now: () => Date;
  readonly #replanChat: ReplanChat | null;

  constructor(
    db: AiDb,
    events: AiEvents,
    provider: LlmProvider,
    meter: Meter,
    now: () => Date = () => new Date(),
    replanChat: ReplanChat | null = null,
  ) {
    this.#replanChat = replanChat;
    this.#db = db;
    this.#events = events;
    this.#provider = provider;
    this.#meter = meter;
    this.#now = now;
  }

  async history(userId: string): Promise<AdvisorMessage[]> {
    const rows = await this.#db.advisorMessage.findMany({
      where: { userId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: HISTORY_SHOWN,
    });
    return rows.reverse().map((row) => ({
      role: row.role as AdvisorMessage['role'],
      content: row.content,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  async message(userId: string, message: string, io: TurnIo = {}): Promise<AdvisorReply> {
    const text = message.trim();
    const crisis = crisisResponse(text, 'friend');
    if (crisis) {
      await this.#events.transaction((tx) => this.#remember(tx, userId, text, crisis));
      return { needs_confirmation: false, plan: null, reply: crisis, draftId: null };
    }

    const history = await this.#recent(userId);
    // "I need more time for the novel": a re-plan of that quest, kept as the draft (replan/chat.ts).
    const replan = await this.#replanChat?.answer(userId, [...history, { role: 'user', content: text }], io);
    if (replan) {
      await this.#events.transaction((tx) => this.#remember(tx, userId, text, replan.reply));
      const r = replan.replan;
      return {
        needs_confirmation: r !== null,
        plan: r?.plan ?? null,
        reply: replan.reply,
        draftId: r?.draftId ?? null,
      };
    }
    const today = this.#now();
    const task: AdvisorTask = { message: text, history };
    const answer = await this.#meter.metered(
      userId,
      'advisor',
      this.#provider.allowance({ kind: 'advisor', task }, today),
      (onUsage) => this.#provider.advisor(task, { today, onUsage, ...io }),
      today,
    );
    const draftId = await this.#events.transaction(async (tx, emit) => {
      await this.#remember(tx, userId, text, answer.reply);
      if (!answer.plan) return null;
      return this.#saveDraft(tx, emit, userId, answer.plan);
    });
    return { needs_confirmation: answer.plan !== null, plan: answer.plan, reply: answer.reply, draftId };
  }

  async draft(userId: string): Promise<PlanDraftResponse> {
    const draft = await this.#db.planDraft.findUnique({ where: { userId } });
    // A draft kept from before the plan rules tightened (e.g. the XP limits) can no longer be confirmed:
    // it is no draft at all rather than a response that fails its own schema.
    const plan = draft ? Plan.safeParse(draft.plan) : undefined;
    return draft && plan?.success ? { plan: plan.data, draftId: draft.id } : { plan: null, draftId: null };
  }

  /**
   * plan.confirmed from quests. The draft it names is cleared (a newer draft made meanwhile stays); a
   * confirmation without a draft id clears whatever draft the hero has, since the hero just took a plan.
   */
  async confirmed(tx: AiTx, userId: string, draftId: string | null): Promise<void> {
    await tx.planDraft.deleteMany({
      where: draftId ? { id: draftId, userId } : { userId },
    });
  }

  async #recent(userId: string): Promise<ChatMessage[]> {
    const rows = await this.#db.advisorMessage.findMany({
      where: { userId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: HISTORY_FOR_MODEL,
    });
    return rows.reverse().map((row) => ({ role: row.role as ChatMessage['role'], content: row.content }));
  }

  async #remember(tx: AiTx, userId: string, heroSaid: string, coachSaid: string): Promise<void> {
    const now = Date.now();
    // Distinct timestamps keep the two lines in order even when both land within one millisecond.
    await tx.advisorMessage.create({
      data: { userId, role: 'user', content: heroSaid, createdAt: new Date(now) },
    });
    await tx.advisorMessage.create({
      data: { userId, role: 'assistant', content: coachSaid, createdAt: new Date(now + 1) },
    });
  }

  async #saveDraft(tx: AiTx, emit: Emit, userId: string, plan: Plan): Promise<string> {
    await tx.planDraft.deleteMany({ where: { userId } });
    const draft = await tx.planDraft.create({
      data: { userId, plan: plan as unknown as Prisma.InputJsonValue },
    });
    await emit('plan.drafted', { userId, draftId: draft.id }, userId);
    return draft.id;
  }
}
