import type { Config } from '@lifequest/platform';
import { OfflineProvider } from './offline/offline-provider.ts';
import type { OpenAiProviderOptions } from './openai/openai-provider.ts';
import type { LlmProvider } from './port.ts';

/** A configured key means a real model at OPENAI_BASE_URL; without one, the offline Pathfinder. */
export function selectProvider(config: Config): LlmProvider {
  const { apiKey, baseUrl, model, timeoutMs } = config.openai;
  if (!apiKey) return new OfflineProvider();
  return openAiOnFirstCall({ apiKey, baseUrl, model, timeoutMs });
}

/**
 * The OpenAI provider, its module (and the `openai` SDK under it) loaded at the first call rather than
 * at boot: a process that is not asked anything does not hold it, and the offline one never loads it.
 */
function openAiOnFirstCall(options: OpenAiProviderOptions): LlmProvider {
  let loading: Promise<LlmProvider> | undefined;
  const provider = () => {
    loading ??= import('./openai/openai-provider.ts').then(
      ({ OpenAiProvider }) => new OpenAiProvider(options),
    );
    return loading;
  };
  return {
    name: 'openai',
    model: options.model,
    allowance: async (call, today) => (await provider()).allowance(call, today),
    onboarding: async (task, callOptions) => (await provider()).onboarding(task, callOptions),
    floatingChat: async (task, callOptions) => (await provider()).floatingChat(task, callOptions),
    advisor: async (task, callOptions) => (await provider()).advisor(task, callOptions),
    story: async (task, callOptions) => (await provider()).story(task, callOptions),
    replan: async (task, callOptions) => (await provider()).replan(task, callOptions),
  };
}
