import type { Queryable } from '@lifequest/platform';
import type { ChatMessage, FinalGoal, OnboardingReply, SmartGoalData } from '@lifequest/proto';

export type Channel = 'onboarding' | 'floating';

/** Kept per hero and channel: enough to pick the conversation up, bounded so it never grows without end. */
const KEPT_MESSAGES = 100;

export interface SavedConversation {
  messages: ChatMessage[];
  phase: string | null;
  smartGoalData: SmartGoalData | null;
  finalGoal: FinalGoal | null;
}

interface ConversationRow {
  messages: ChatMessage[];
  phase: string | null;
  smart_goal_data: SmartGoalData | null;
  final_goal: FinalGoal | null;
}

const LOAD = `
  select messages, phase, smart_goal_data, final_goal from ai.conversations
   where user_id = $1::uuid and channel = $2`;

// Every Pathfinder reply saves its conversation (up to a hundred messages of JSON), so it is one
// statement through the driver: through Prisma the same upsert cost a reply about a millisecond more.
const SAVE = `
  insert into ai.conversations (user_id, channel, messages, phase, smart_goal_data, final_goal, updated_at)
  values ($1::uuid, $2, $3::jsonb, $4, $5::jsonb, $6::jsonb, current_timestamp)
  on conflict (user_id, channel) do update
     set messages = excluded.messages, phase = excluded.phase, smart_goal_data = excluded.smart_goal_data,
         final_goal = excluded.final_goal, updated_at = excluded.updated_at`;

/** The last state of each of a hero's Pathfinder conversations. */
export class Conversations {
  readonly #db: Queryable;

  constructor(db: Queryable) {
    this.#db = db;
  }

  async load(userId: string, channel: Channel): Promise<SavedConversation | null> {
    const [row] = await this.#db.query<ConversationRow>(LOAD, [userId, channel]);
    if (!row) return null;
    return {
      messages: row.messages,
      phase: row.phase,
      smartGoalData: row.smart_goal_data ?? null,
      finalGoal: row.final_goal ?? null,
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
    const json = (value: unknown) => (value == null ? null : JSON.stringify(value));
    await this.#db.query(SAVE, [
      userId,
      channel,
      JSON.stringify(kept),
      onboarding?.phase ?? null,
      json(onboarding?.smartGoalData),
      json(onboarding?.finalGoal),
    ]);
  }
}
