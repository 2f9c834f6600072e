import { isUuid } from '@lifequest/proto';
import type { AiEvents } from '../db.ts';
import { CONSUMER } from '../heroes/purge.ts';
import type { AdvisorService } from './service.ts';

/** Spec 4: confirming a plan creates the quest (quests) and clears the draft (here). */
export async function clearConfirmedDrafts(events: AiEvents, advisor: AdvisorService): Promise<void> {
  await events.subscribe(CONSUMER, ['plan.confirmed'], async (event, tx) => {
    if (!isUuid(event.payload.userId)) return;
    await advisor.confirmed(tx, event.payload.userId, event.payload.draftId);
  });
}
