import type { HttpServer } from '@lifequest/platform';
import type { Meter } from './meter.ts';

/** The routes that may call a model: each request is one AI call for the per-hero rate and the budgets. */
export const MODEL_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/ai/pathfinder-conversation',
  'POST /api/advisor/message',
  'POST /api/narrative/generate',
]);

/**
 * Admits a request to a model route before its handler runs (see `Meter.admit`): a hero past the rate
 * or the budget is refused before any prompt is read, counted or stored.
 */
export function admitModelCalls(app: HttpServer, meter: Meter): void {
  app.addHook('preHandler', async (request) => {
    if (!MODEL_ROUTES.has(`${request.method} ${request.routeOptions.url}`)) return;
    await meter.admit(request.hero.userId);
  });
}
