import { AppError } from '@lifequest/platform';
import type { Locale } from '@lifequest/proto';
import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { ZodType } from 'zod';
import { countChatTokens, countTokens } from '../../metering/tokens.ts';
import type {
  AdvisorTask,
  CallOptions,
  FloatingChatTask,
  LlmProvider,
  ModelUsage,
  OnboardingTask,
  ProviderCall,
  ReplanTask,
  StoryTask,
} from '../port.ts';
import {
  advisorAnswer,
  floatingChatAnswer,
  InvalidOutput,
  onboardingAnswer,
  replanAnswer,
} from './answers.ts';
import { AdvisorOutput, FloatingChatOutput, OnboardingOutput, ReplanOutput } from './output-schemas.ts';
import {
  advisorPrompt,
  floatingChatPrompt,
  onboardingPrompt,
  type PromptMessage,
  replanPrompt,
  storyPrompt,
} from './prompts.ts';
import { partialStringField } from './stream-field.ts';

export interface OpenAiProviderOptions {
  apiKey: string;
  /** Any OpenAI-compatible endpoint (OpenAI, Ollama, llama.cpp server, vLLM); the SDK default if unset. */
  baseUrl?: string;
  model: string;
  timeoutMs: number;
  /** Retries of a failed request (429, 5xx, timeouts, dropped connections), with the SDK's backoff. */
  maxRetries?: number;
  /**
   * Longest answer a call may produce (reasoning tokens included), so one runaway reply cannot eat a
   * hero's day. Sent as `max_completion_tokens`, which every current OpenAI chat model takes (reasoning
   * models refuse the older `max_tokens`); compatible servers that do not know it ignore it.
   */
  maxCompletionTokens?: number;
}

interface Request<T> {
  name: string;
  messages: PromptMessage[];
  /** The structured answer expected; null for plain prose. */
  schema: ZodType<T> | null;
  /** The field of the structured answer whose text streams to the client (the whole text for prose). */
  streamField?: string;
}

const onboardingRequest = (
  task: OnboardingTask,
  today: Date,
  locale?: Locale,
): Request<OnboardingOutput> => ({
  name: 'onboarding',
  messages: onboardingPrompt(task, today, locale),
  schema: OnboardingOutput,
  streamField: 'response',
});

const floatingChatRequest = (
  task: FloatingChatTask,
  today: Date,
  locale?: Locale,
): Request<FloatingChatOutput> => ({
  name: 'floating_chat',
  messages: floatingChatPrompt(task, today, locale),
  schema: FloatingChatOutput,
  streamField: 'reply',
});

const advisorRequest = (task: AdvisorTask, today: Date, locale?: Locale): Request<AdvisorOutput> => ({
  name: 'advisor',
  messages: advisorPrompt(task, today, locale),
  schema: AdvisorOutput,
  streamField: 'reply',
});

const replanRequest = (task: ReplanTask, today: Date, locale?: Locale): Request<ReplanOutput> => ({
  name: 'replan',
  messages: replanPrompt(task, today, locale),
  schema: ReplanOutput,
  streamField: 'reply',
});

const storyRequest = (task: StoryTask): Request<string> => ({
  name: 'story',
  messages: storyPrompt(task),
  schema: null,
});

/** The very request a call sends, so its allowance is counted on what the model will read. */
function requestOf(call: ProviderCall, today: Date): Request<unknown> {
  switch (call.kind) {
    case 'onboarding':
      return onboardingRequest(call.task, today);
    case 'floatingChat':
      return floatingChatRequest(call.task, today);
    case 'advisor':
      return advisorRequest(call.task, today);
    case 'story':
      return storyRequest(call.task);
    case 'replan':
      return replanRequest(call.task, today);
  }
}

/** The Pathfinder on a real language model, through the official `openai` SDK. */
export class OpenAiProvider implements LlmProvider {
  readonly name = 'openai';
  readonly model: string;
  readonly #client: OpenAI;
  readonly #maxCompletionTokens: number;

  constructor(options: OpenAiProviderOptions) {
    this.model = options.model;
    this.#maxCompletionTokens = options.maxCompletionTokens ?? 4_096;
    this.#client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseUrl,
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries ?? 2,
    });
  }

  async allowance(call: ProviderCall, today: Date): Promise<number> {
    const request = requestOf(call, today);
    // A structured output's schema travels with the prompt, and the model is billed for reading it.
    const schema = request.schema
      ? await countTokens(
          this.model,
          JSON.stringify(zodResponseFormat(request.schema, request.name).json_schema),
        )
      : 0;
    return (await countChatTokens(this.model, request.messages)) + schema + this.#maxCompletionTokens;
  }

  async onboarding(task: OnboardingTask, options: CallOptions) {
    const output = await this.#call(onboardingRequest(task, options.today, options.locale), options);
    return validated(() => onboardingAnswer(output, task, options.today));
  }

  async floatingChat(task: FloatingChatTask, options: CallOptions) {
    const output = await this.#call(floatingChatRequest(task, options.today, options.locale), options);
    return validated(() => floatingChatAnswer(output, options.today));
  }

  async advisor(task: AdvisorTask, options: CallOptions) {
    const output = await this.#call(advisorRequest(task, options.today, options.locale), options);
    return validated(() => advisorAnswer(output, options.today));
  }

  async replan(task: ReplanTask, options: CallOptions) {
    const output = await this.#call(replanRequest(task, options.today, options.locale), options);
    return validated(() => replanAnswer(output, options.today));
  }

  async story(task: StoryTask, options: CallOptions) {
    const story = (await this.#call(storyRequest(task), options)).trim();
    if (!story) throw outputError('the story came back empty');
    return { story };
  }

  async #call<T>(request: Request<T>, options: CallOptions): Promise<T> {
    const body = {
      model: this.model,
      messages: request.messages,
      max_completion_tokens: this.#maxCompletionTokens,
      ...(request.schema ? { response_format: zodResponseFormat(request.schema, request.name) } : {}),
    };
    let content: string;
    try {
      content = options.onDelta
        ? await this.#stream(body, request, options)
        : await this.#complete(body, request, options);
    } catch (error) {
      // The caller gave up (the client of a stream left): that is not the provider's failure.
      if (options.signal?.aborted) throw options.signal.reason;
      throw providerError(error);
    }
    if (!request.schema) return content as T;
    let json: unknown;
    try {
      json = JSON.parse(content);
    } catch {
      throw outputError('the answer was not JSON');
    }
    const parsed = request.schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw outputError(
        `${issue?.path.join('.') || 'answer'}: ${issue?.message ?? 'does not match the schema'}`,
      );
    }
    return parsed.data;
  }

  async #complete<T>(
    body: OpenAI.ChatCompletionCreateParamsNonStreaming,
    request: Request<T>,
    options: CallOptions,
  ): Promise<string> {
    const completion = await this.#client.chat.completions.create(body, { signal: options.signal });
    const message = completion.choices[0]?.message;
    const content = message?.content ?? '';
    options.onUsage(
      completion.usage
        ? apiUsage(completion.model || this.model, completion.usage)
        : await this.#counted(request.messages, content),
    );
    if (message?.refusal) throw new InvalidOutput(`the model refused: ${message.refusal}`);
    return content;
  }

  /**
   * Streams the answer and hands the growing reply text to `onDelta`. Usage comes in the stream's last
   * chunk; a stream that breaks before it (the client left, the connection dropped) is counted here, so
   * what was spent is recorded either way.
   */
  async #stream<T>(
    body: OpenAI.ChatCompletionCreateParamsNonStreaming,
    request: Request<T>,
    options: CallOptions,
  ): Promise<string> {
    let content = '';
    let shown = 0;
    let usage: ModelUsage | null = null;
    try {
      const stream = await this.#client.chat.completions.create(
        { ...body, stream: true, stream_options: { include_usage: true } },
        { signal: options.signal },
      );
      for await (const chunk of stream) {
        if (chunk.usage) usage = apiUsage(chunk.model || this.model, chunk.usage);
        const delta = chunk.choices[0]?.delta?.content;
        if (!delta) continue;
        content += delta;
        const text = request.streamField ? (partialStringField(content, request.streamField) ?? '') : content;
        if (text.length > shown) {
          options.onDelta?.(text.slice(shown));
          shown = text.length;
        }
      }
      // An aborted SDK stream simply stops yielding; it must not pass for a finished answer.
      options.signal?.throwIfAborted();
      if (!usage) usage = await this.#counted(request.messages, content);
      return content;
    } finally {
      // Nothing arrived: the request failed before the model wrote anything, and nothing was spent.
      usage ??= content ? await this.#counted(request.messages, content) : null;
      if (usage) options.onUsage(usage);
    }
  }

  async #counted(messages: PromptMessage[], completion: string): Promise<ModelUsage> {
    return {
      model: this.model,
      promptTokens: await countChatTokens(this.model, messages),
      completionTokens: await countTokens(this.model, completion),
      source: 'tiktoken',
    };
  }
}

function apiUsage(model: string, usage: OpenAI.CompletionUsage): ModelUsage {
  return {
    model,
    promptTokens: usage.prompt_tokens,
    completionTokens: usage.completion_tokens,
    source: 'api',
  };
}

function validated<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (error instanceof InvalidOutput) throw outputError(error.message);
    throw error;
  }
}

function outputError(detail: string): AppError {
  return new AppError(
    'AI_OUTPUT_INVALID',
    "The Pathfinder's answer could not be understood. Please try again.",
    { cause: new InvalidOutput(detail) },
  );
}

/** SDK failures, after its own retries, as errors a hero can act on. */
function providerError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof InvalidOutput) return outputError(error.message);
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new AppError('AI_PROVIDER_TIMEOUT', 'The Pathfinder took too long to answer. Please try again.', {
      cause: error,
    });
  }
  if (error instanceof OpenAI.RateLimitError) {
    return new AppError(
      'AI_PROVIDER_FAILED',
      'The Pathfinder is in high demand right now. Please try again in a minute.',
      { cause: error },
    );
  }
  if (error instanceof OpenAI.APIError) {
    const status = error.status ? ` (${error.status})` : '';
    return new AppError(
      'AI_PROVIDER_FAILED',
      `The Pathfinder could not be reached${status}. Please try again.`,
      {
        cause: error,
      },
    );
  }
  return new AppError('AI_PROVIDER_FAILED', 'The Pathfinder could not answer. Please try again.', {
    cause: error,
  });
}
