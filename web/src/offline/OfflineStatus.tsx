import { RefreshCw, WifiOff, X } from 'lucide-react';
import { useNetwork } from './network.ts';
import { useQueuedChanges } from './queue.ts';
import { dismissRefusals, useRefusals } from './refusals.ts';
import { reloadIntoUpdate, useUpdateReady } from './serviceWorker.ts';

const time = (date: Date) => date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * Above every screen: that the app is offline and since when, what waits to sync, what the server
 * refused on replay, and that a new version is ready (docs/features/offline-app.md).
 */
export function OfflineStatus() {
  const { online, offlineSince } = useNetwork();
  const queued = useQueuedChanges();
  const refusals = useRefusals();
  const updateReady = useUpdateReady();
  return (
    <>
      {!online ? (
        <div
          role="status"
          data-testid="offline-banner"
          className="flex items-center justify-center gap-2 border-gold/30 border-b bg-gold/10 px-4 py-2 text-center text-parchment text-sm"
        >
          <WifiOff className="size-4 shrink-0 text-gold" aria-hidden />
          <span>
            You are offline{offlineSince ? ` since ${time(offlineSince)}` : ''}: showing what you last saw.
            {queued.length > 0
              ? ` ${queued.length} ${queued.length === 1 ? 'change waits' : 'changes wait'} to sync.`
              : ' Check-offs are kept and sync when you are back.'}
          </span>
        </div>
      ) : null}
      {refusals.length > 0 ? (
        <div
          role="alert"
          data-testid="sync-refusals"
          className="flex items-start justify-center gap-2 border-red-400/30 border-b bg-red-500/10 px-4 py-2 text-red-200 text-sm"
        >
          <div>
            <p>Some changes made offline could not be saved:</p>
            <ul className="list-disc pl-5">
              {refusals.map((refusal) => (
                <li key={refusal.key}>
                  {refusal.what}: {refusal.reason}
                </li>
              ))}
            </ul>
          </div>
          <button
            type="button"
            onClick={dismissRefusals}
            className="rounded p-1 hover:bg-red-500/20"
            aria-label="Dismiss"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      ) : null}
      {updateReady ? (
        <div
          role="status"
          className="fixed inset-x-4 bottom-20 z-50 mx-auto flex max-w-sm items-center justify-between gap-3 rounded-lg border border-gold/40 bg-night px-4 py-3 text-parchment text-sm shadow-lg"
        >
          <span>New version ready</span>
          <button
            type="button"
            onClick={reloadIntoUpdate}
            className="inline-flex items-center gap-1 rounded-md bg-gold px-3 py-1.5 font-medium text-night"
          >
            <RefreshCw className="size-4" aria-hidden />
            Reload
          </button>
        </div>
      ) : null}
    </>
  );
}
