import type { HttpServer } from '@lifequest/platform';
import { AiProviderInfo, LOCALES, type Locale } from '@lifequest/proto';
import type { LlmProvider } from './port.ts';

/**
 * The languages a provider writes: the offline engine English only; a model is asked to answer in the
 * hero's language (languageInstruction, openai/prompts.ts), so every language the app speaks.
 */
export function providerLanguages(provider: Pick<LlmProvider, 'name'>): Locale[] {
  return provider.name === 'offline' ? ['en'] : [...LOCALES];
}

/**
 * GET /api/ai/provider: which Pathfinder answers and in which languages, so the web app says "The
 * Pathfinder speaks English for now" only when it does (docs/features/languages.md). The provider's
 * kind alone: no address, key or model.
 */
export function providerRoutes(app: HttpServer, provider: LlmProvider): void {
  app.get(
    '/api/ai/provider',
    { config: { access: 'hero' }, schema: { response: { 200: AiProviderInfo } } },
    async (): Promise<AiProviderInfo> => ({
      provider: provider.name,
      languages: providerLanguages(provider),
    }),
  );
}
