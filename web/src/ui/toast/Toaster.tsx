import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { toastStore } from './toastStore.ts';

export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.current, toastStore.current);
  return (
    <Toast.Provider swipeDirection="right">
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) toastStore.dismiss(item.id);
          }}
          className={`pointer-events-auto relative flex w-full gap-3 rounded-lg border p-4 pr-10 shadow-xl ${
            item.variant === 'destructive'
              ? 'border-red-400/60 bg-red-950 text-red-50'
              : 'border-gold/40 bg-surface-2 text-parchment'
          }`}
          data-variant={item.variant ?? 'default'}
        >
          <div className="grid gap-1">
            <Toast.Title className="font-semibold">{item.title}</Toast.Title>
            {item.description ? (
              <Toast.Description className="text-sm opacity-90">{item.description}</Toast.Description>
            ) : null}
          </div>
          <Toast.Close
            aria-label="Close notification"
            className="absolute top-2 right-2 rounded p-1 opacity-80 hover:opacity-100"
          >
            <X className="size-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* A toast stays until it is closed (docs/product.md#screens), so at every width it sits above the floating chat
          bubble (1 rem from the corner, 3.5 rem tall), never on it, and above the open chat's message
          box (about 6 rem up), so both stay usable while it shows. */}
      <Toast.Viewport className="fixed right-0 bottom-24 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
    </Toast.Provider>
  );
}
