import { CloudOff } from 'lucide-react';
import { useT } from '../i18n/useT.ts';
import { queuedMilestoneState, useQueuedChanges } from './queue.ts';

/** "Waiting to sync" on a milestone whose check-off is queued (docs/features/offline-app.md#the-queue). */
export function PendingMark({ milestoneId }: { milestoneId: string }) {
  const queued = useQueuedChanges();
  const t = useT();
  if (queuedMilestoneState(queued, milestoneId) === undefined) return null;
  return (
    <span
      data-testid="milestone-pending"
      className="inline-flex shrink-0 items-center gap-1 rounded-full border border-gold/40 px-2 py-0.5 text-gold text-xs"
    >
      <CloudOff className="size-3" aria-hidden />
      {t('offline.pending')}
    </span>
  );
}
