import { type AdminEvents, CONSUMER } from '../db.ts';
import { isPurged } from '../deletions/purged.ts';

/**
 * Records every model call ai meters. A call of a hero already purged is kept without their id, as
 * their earlier calls were: the cost happened, so the totals keep it.
 */
export async function followAiUsage(events: AdminEvents): Promise<void> {
  await events.subscribe(CONSUMER, ['ai.usage.recorded'], async (event, tx) => {
    const usage = event.payload;
    const userId = usage.userId && !(await isPurged(tx, usage.userId)) ? usage.userId : null;
    await tx.aiUsage.createMany({
      data: [
        {
          id: usage.usageId,
          userId,
          endpoint: usage.endpoint,
          model: usage.model,
          promptTokens: usage.promptTokens,
          completionTokens: usage.completionTokens,
          totalTokens: usage.totalTokens,
          costUsd: usage.costUsd,
          recordedAt: new Date(usage.recordedAt),
        },
      ],
      skipDuplicates: true,
    });
  });
}
