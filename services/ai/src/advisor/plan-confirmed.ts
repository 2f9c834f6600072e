import { type AiEvents, CONSUMER } from '../db.ts';
import type { AdvisorService } from './service.ts';

/** Confirming a plan creates the quest (quests) and clears the draft (here): docs/product.md#pathfinder. */
export async function clearConfirmedDrafts(events: AiEvents, advisor: AdvisorService): Promise<void> {
  await events.subscribe(CONSUMER, ['plan.confirmed'], async (event, tx) => {
    await advisor.confirmed(tx, event.payload.userId, event.payload.draftId);
  });
}
