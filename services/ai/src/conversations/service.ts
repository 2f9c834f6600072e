import {
  ConversationPhase,
  type FloatingChatAnswer,
  type OnboardingReply,
  type PathfinderConversationBody,
  type SavedOnboardingConversation,
  withAllSmartParts,
} from '@lifequest/proto';
import { crisisResponse, latestHeroMessage } from '../guardrails/safety.ts';
import type { Meter } from '../metering/meter.ts';
import type { FloatingChatTask, LlmProvider, OnboardingTask, TurnIo } from '../providers/port.ts';
import type { ReplanChat } from '../replan/chat.ts';
import { acceptsQuest } from './start-quest.ts';
import type { Conversations } from './store.ts';

export const CHAT_GREETING =
  "Greetings, hero! I'm The Pathfinder. What are you working towards? Tell me a goal, or ask me anything about staying on the path.";

/** POST /api/ai/pathfinder-conversation: onboarding step 4 and the floating chat bubble. */
export class ConversationService {
  readonly #provider: LlmProvider;
  readonly #meter: Meter;
  readonly #conversations: Conversations;
  readonly #now: () => Date;
  readonly #replanChat: ReplanChat | null;

  constructor(
    provider: LlmProvider,
    meter: Meter,
    conversations: Conversations,
    now: () => Date = () => new Date(),
    replanChat: ReplanChat | null = null,
  ) {
    this.#provider = provider;
    this.#meter = meter;
    this.#conversations = conversations;
    this.#now = now;
    this.#replanChat = replanChat;
  }

  /**
   * One onboarding turn. The phase goes initial → ready (all five SMART parts known) → complete: when
   * the phase is ready and the hero accepts ('Start This Quest'), the answer is 'complete' with the very
   * goal the hero was shown, taken from the saved conversation, without asking the model again.
   */
  async onboarding(
    userId: string,
    body: PathfinderConversationBody,
    io: TurnIo = {},
  ): Promise<OnboardingReply> {
    const displayName = body.displayName?.trim() || 'adventurer';
    // A first turn may send `{}` or null: the parts it lacks are simply not known yet.
    const smartGoalData = withAllSmartParts(body.smartGoalData);
    const latest = latestHeroMessage(body.messages);

    const crisis = crisisResponse(latest, displayName);
    if (crisis) return { response: crisis, phase: 'initial', smartGoalData, finalGoal: null };

    const accepting = body.phase !== 'initial' && latest !== undefined && acceptsQuest(latest);
    if (accepting) {
      const saved = await this.#conversations.load(userId, 'onboarding');
      if (saved?.finalGoal) {
        const reply: OnboardingReply = {
          response: questBegins(displayName, saved.finalGoal.title),
          phase: 'complete',
          smartGoalData: saved.smartGoalData ?? smartGoalData,
          finalGoal: saved.finalGoal,
        };
        await this.#conversations.save(userId, 'onboarding', body.messages, reply.response, reply);
        return reply;
      }
    }

    const today = this.#now();
    const task: OnboardingTask = {
      messages: body.messages,
      phase: body.phase ?? 'initial',
      primaryClass: body.primaryClass ?? 'general',
      displayName,
      smartGoalData: body.smartGoalData ? smartGoalData : null,
    };
    // A model never declares 'complete' itself; an accepted ready goal does.
    const answerTo = (reply: OnboardingReply): OnboardingReply =>
      accepting && reply.phase === 'ready' && reply.finalGoal ? { ...reply, phase: 'complete' } : reply;
    const reply = await this.#meter.metered(
      userId,
      'onboarding',
      this.#provider.allowance({ kind: 'onboarding', task }, today),
      (onUsage) => this.#provider.onboarding(task, { today, onUsage, ...io }),
      today,
      (reply) => {
        const answer = answerTo(reply);
        return this.#conversations.save(userId, 'onboarding', body.messages, answer.response, answer);
      },
    );
    return answerTo(reply);
  }

  /**
   * The onboarding conversation as the last turn saved it, for the web to resume after a reload. A saved
   * row without a known phase (never written by onboarding) reads as none.
   */
  async savedOnboarding(userId: string): Promise<SavedOnboardingConversation> {
    const saved = await this.#conversations.load(userId, 'onboarding');
    const phase = ConversationPhase.safeParse(saved?.phase);
    if (!saved || !phase.success) return { conversation: null };
    return {
      conversation: {
        messages: saved.messages,
        phase: phase.data,
        smartGoalData: withAllSmartParts(saved.smartGoalData),
        finalGoal: saved.finalGoal,
      },
    };
  }

  /** One floating chat turn: coaching, and a CREATE_GOAL action when a goal becomes clear. */
  async floatingChat(
    userId: string,
    body: PathfinderConversationBody,
    io: TurnIo = {},
  ): Promise<FloatingChatAnswer> {
    const latest = latestHeroMessage(body.messages);
    if (latest === undefined) return { reply: CHAT_GREETING, actions: [] };
    const crisis = crisisResponse(latest, 'friend');
    if (crisis) return { reply: crisis, actions: [] };
    // "I fell behind on my 5k": a re-plan of that quest (replan/chat.ts), whichever provider answers.
    const replan = await this.#replanChat?.answer(userId, body.messages, io);
    if (replan) {
      await this.#conversations.save(userId, 'floating', body.messages, replan.reply);
      const r = replan.replan;
      return {
        reply: replan.reply,
        actions: r
          ? [
              {
                type: 'REPLAN_GOAL',
                payload: { goalId: r.current.goal.id, draftId: r.draftId, title: r.plan.goal.title },
              },
            ]
          : [],
      };
    }

    const today = this.#now();
    const task: FloatingChatTask = { messages: body.messages };
    const reply = await this.#meter.metered(
      userId,
      'floating-chat',
      this.#provider.allowance({ kind: 'floatingChat', task }, today),
      (onUsage) => this.#provider.floatingChat(task, { today, onUsage, ...io }),
      today,
      (reply) => this.#conversations.save(userId, 'floating', body.messages, reply.reply),
    );
    return reply;
  }
}

function questBegins(name: string, title: string): string {
  return `Then it is decided, ${name}: "${title}" is your first quest. Your milestones are set and the path is lit. Complete your quest setup, and may every step bring you XP and glory!`;
}
