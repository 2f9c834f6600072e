import type { Config } from '@lifequest/platform';
import { OfflinePathfinder } from './offline-pathfinder.ts';
import { OpenAiProvider } from './openai/openai-provider.ts';
import type { LlmProvider } from './port.ts';

/** A configured key means a real model at OPENAI_BASE_URL; without one, the offline Pathfinder. */
export function selectProvider(config: Config): LlmProvider {
  const { apiKey, baseUrl, model, timeoutMs } = config.openai;
  if (!apiKey) return new OfflinePathfinder();
  return new OpenAiProvider({ apiKey, baseUrl, model, timeoutMs });
}
