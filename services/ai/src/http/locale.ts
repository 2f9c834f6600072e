import { type Locale, pickLocale } from '@lifequest/proto';
import type { FastifyRequest } from 'fastify';

/**
 * The hero's language for The Pathfinder's answers: the web app sends the language the hero reads it in
 * as Accept-Language (docs/features/languages.md); anything else reads as English.
 */
export function heroLocale(request: FastifyRequest): Locale {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return 'en';
  return pickLocale(header.split(',').map((part) => part.split(';')[0]?.trim() ?? ''));
}
