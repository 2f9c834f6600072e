import type { ChatMessage, FinalGoal, OnboardingReply, SmartGoalData } from '@lifequest/proto';
import type { AiDb } from '../db.ts';
import { Prisma } from '../generated/prisma/client.ts';

export type Channel = 'onboarding' | 'floating';

/** Kept per hero and channel: enough to pick the conversation up, bounded so it never grows without end. */
const KEPT_MESSAGES = 100;

export interface SavedConversation {
  messages: ChatMessage[];
  phase: string | null;
  smartGoalData: SmartGoalData | null;
  finalGoal: FinalGoal | null;
}

/** The last state of each of a hero's Pathfinder conversations. */
export class Conversations {
  readonly #db: AiDb;

  constructor(db: AiDb) {
    this.#db = db;
  }

  async load(userId: string, channel: Channel): Promise<SavedConversation | null> {
    const row = await this.#db.conversation.findUnique({ where: { userId_channel: { userId, channel } } });
    if (!row) return null;
    return {
      messages: row.messages as ChatMessage[],
      phase: row.phase,
      smartGoalData: (row.smartGoalData as SmartGoalData | null) ?? null,
      finalGoal: (row.finalGoal as FinalGoal | null) ?? null,
    };
  }

  async save(
    userId: string,
    channel: Channel,
    messages: ChatMessage[],
    answer: string,
    onboarding?: Pick<OnboardingReply, 'phase' | 'smartGoalData' | 'finalGoal'>,
  ): Promise<void> {
    const kept = [...messages, { role: 'assistant' as const, content: answer }].slice(-KEPT_MESSAGES);
    const json = (value: unknown) => (value == null ? Prisma.DbNull : (value as Prisma.InputJsonValue));
    const data = {
      messages: kept as unknown as Prisma.InputJsonValue,
      phase: onboarding?.phase ?? null,
      smartGoalData: json(onboarding?.smartGoalData),
      finalGoal: json(onboarding?.finalGoal),
    };
    await this.#db.conversation.upsert({
      where: { userId_channel: { userId, channel } },
      create: { userId, channel, ...data },
      update: data,
    });
  }
}
