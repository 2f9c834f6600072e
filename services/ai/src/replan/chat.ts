import { type ChatMessage, type ReplanReply, toIsoDate } from '@lifequest/proto';
import type { TurnIo } from '../providers/port.ts';
import {
  chooseQuest,
  NO_OPEN_QUEST,
  namesQuest,
  replanAsk,
  WHICH_QUEST,
  whichQuestQuestion,
} from './intent.ts';
import type { ReplanService } from './service.ts';

/** What the chat answers to a hero who fell behind: the re-plan, or a question naming their quests. */
export interface ReplanChatAnswer {
  reply: string;
  replan: ReplanReply | null;
}

/**
 * The floating chat's and the AI Coach's way into a re-plan: in front of either provider's chat, it
 * takes the messages that ask for one ("I fell behind on my 5k") and, after it asked which quest, the
 * hero's answer naming it. Any other message is not its business (null), and the chat goes on as ever.
 */
export class ReplanChat {
  readonly #replans: ReplanService;
  readonly #now: () => Date;

  constructor(replans: ReplanService, now: () => Date = () => new Date()) {
    this.#replans = replans;
    this.#now = now;
  }

  async answer(
    userId: string,
    messages: readonly ChatMessage[],
    io: TurnIo = {},
  ): Promise<ReplanChatAnswer | null> {
    const last = messages.at(-1);
    if (last?.role !== 'user') return null;
    const before = messages.at(-2);
    const answeringWhich = before?.role === 'assistant' && before.content.startsWith(WHICH_QUEST);
    const asking = replanAsk(last.content);
    if (!asking && !answeringWhich) return null;

    const open = await this.#replans.openQuests(userId);
    // "Push back the deadline" may revise a plan still being shaped: it is a re-plan only of a quest named.
    if (asking === 'more-time' && !answeringWhich && !namesQuest(last.content, open)) return null;
    const today = toIsoDate(this.#now());
    const choice = chooseQuest(last.content, open, today);
    if (!asking) {
      // An answer to 'which quest?' that names none of them is the chat's to read as usual.
      if (choice.kind !== 'quest') return null;
      const ask = messages.at(-3);
      const note = ask?.role === 'user' ? ask.content : null;
      return this.#replan(userId, choice.quest, note, io);
    }
    if (choice.kind === 'none') return { reply: NO_OPEN_QUEST, replan: null };
    if (choice.kind === 'ask') return { reply: whichQuestQuestion(choice.quests), replan: null };
    return this.#replan(userId, choice.quest, last.content, io);
  }

  async #replan(
    userId: string,
    quest: Parameters<ReplanService['replanQuest']>[1],
    note: string | null,
    io: TurnIo,
  ): Promise<ReplanChatAnswer> {
    const replan = await this.#replans.replanQuest(userId, quest, { note }, io);
    return { reply: replan.reply, replan };
  }
}
