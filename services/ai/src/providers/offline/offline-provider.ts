import { type ChatMessage, FloatingChatReply, OnboardingReply, Plan, toIsoDate } from '@lifequest/proto';
import { OFFLINE_MODEL } from '../../metering/prices.ts';
import { countChatTokens, countTokens } from '../../metering/tokens.ts';
import type {
  AdvisorAnswer,
  AdvisorTask,
  CallOptions,
  FloatingChatTask,
  LlmProvider,
  OnboardingTask,
  ProviderCall,
  ReplanProposal,
  ReplanTask,
  StoryTask,
} from '../port.ts';
import { advisorTurn, floatingChatTurn, onboardingTurn, replanQuest, writeStory } from './engine/index.ts';

/**
 * The longest answer the offline coach writes, in tokens, beside what it echoes of its input: its
 * replies, plans and stories are a few hundred tokens of prose and JSON.
 */
export const OFFLINE_ANSWER_ALLOWANCE = 4_096;

/**
 * The embedded default: the deterministic offline coach behind the same port as a real model. It meters
 * like one too (tiktoken counts, priced at zero), so budgets and the admin's usage table work offline.
 */
export class OfflineProvider implements LlmProvider {
  readonly name = 'offline';
  readonly model = OFFLINE_MODEL;
  async allowance(call: ProviderCall): Promise<number> {
    const prompt = await promptTokensOf(call);
    // What an answer repeats of its input: the SMART parts sent back (client keys included), a story's facts.
    const echoed =
      call.kind === 'onboarding'
        ? await countTokens(this.model, JSON.stringify(call.task.smartGoalData ?? {}))
        : call.kind === 'story'
          ? prompt
          : 0;
    return prompt + echoed + OFFLINE_ANSWER_ALLOWANCE;
  }

  async onboarding(task: OnboardingTask, options: CallOptions) {
    const result = OnboardingReply.parse(onboardingTurn(task, options.today));
    await this.#finish({ kind: 'onboarding', task }, result, result.response, options);
    return result;
  }

  async floatingChat(task: FloatingChatTask, options: CallOptions) {
    const result = FloatingChatReply.parse(
      floatingChatTurn({ messages: task.messages, today: options.today }),
    );
    await this.#finish({ kind: 'floatingChat', task }, result, result.reply, options);
    return result;
  }

  async advisor(task: AdvisorTask, options: CallOptions): Promise<AdvisorAnswer> {
    const turn = advisorTurn({ message: task.message, history: task.history, today: options.today });
    const answer = { reply: turn.reply, plan: turn.plan ? Plan.parse(turn.plan) : null };
    await this.#finish({ kind: 'advisor', task }, turn, answer.reply, options);
    return answer;
  }

  async story(task: StoryTask, options: CallOptions) {
    const { story } = writeStory(task);
    await this.#finish({ kind: 'story', task }, story, story, options);
    return { story };
  }

  async replan(task: ReplanTask, options: CallOptions): Promise<ReplanProposal> {
    const proposal = replanQuest({
      quest: task.quest,
      today: toIsoDate(options.today),
      newDeadline: task.newDeadline,
      note: task.note,
    });
    await this.#finish({ kind: 'replan', task }, proposal, proposal.reply, options);
    return proposal;
  }

  /** Streams the text in small pieces (as a model would) and reports what the turn would have cost. */
  async #finish(call: ProviderCall, output: unknown, text: string, options: CallOptions): Promise<void> {
    options.signal?.throwIfAborted();
    if (options.onDelta) for (const piece of pieces(text)) options.onDelta(piece);
    options.onUsage({
      model: this.model,
      promptTokens: await promptTokensOf(call),
      completionTokens: await countTokens(
        this.model,
        typeof output === 'string' ? output : JSON.stringify(output),
      ),
      source: 'tiktoken',
    });
  }
}

/**
 * A task's prompt is counted once: its allowance and then its usage counted the same conversation twice
 * (up to the whole of a long one). Each count is kept only as long as its task object.
 */
const promptTokens = new WeakMap<ProviderCall['task'], Promise<number>>();

function promptTokensOf(call: ProviderCall): Promise<number> {
  let count = promptTokens.get(call.task);
  if (count === undefined) {
    count = countChatTokens(OFFLINE_MODEL, promptOf(call));
    promptTokens.set(call.task, count);
  }
  return count;
}

/** What the offline coach counts as a call's prompt: the conversation it reads. */
function promptOf(call: ProviderCall): ChatMessage[] {
  switch (call.kind) {
    case 'onboarding':
    case 'floatingChat':
      return call.task.messages;
    case 'advisor':
      return [...call.task.history, { role: 'user', content: call.task.message }];
    case 'story':
    case 'replan':
      return [{ role: 'user', content: JSON.stringify(call.task) }];
  }
}

/** A few words at a time, whitespace kept, so the pieces join back into the exact text. */
function pieces(text: string): string[] {
  const words = text.match(/\S+\s*/g) ?? [text];
  const out: string[] = [];
  for (let i = 0; i < words.length; i += 4) out.push(words.slice(i, i + 4).join(''));
  const lead = text.match(/^\s+/)?.[0];
  if (lead && out.length > 0) out[0] = lead + out[0];
  return out;
}
