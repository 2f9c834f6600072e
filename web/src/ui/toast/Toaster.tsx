import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { toastStore } from './toastStore.ts';

type Place = 'top' | 'bottom';

/** Whether two boxes share any pixel. */
function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * Where a toast goes: at the top (under a phone's fixed header), unless it would cover something the
 * hero is using, an element marked `data-toast-avoid` (the open chat, Record Progress); then at the
 * bottom, above the chat bubble and a phone's tab bar.
 */
function placeFor(viewport: HTMLElement | null): Place {
  if (!viewport) return 'top';
  const box = viewport.getBoundingClientRect();
  for (const element of document.querySelectorAll('[data-toast-avoid]')) {
    if (overlaps(box, element.getBoundingClientRect())) return 'bottom';
  }
  return 'top';
}

const PLACES: Record<Place, string> = {
  top: 'top-0 phone:top-[3.25rem]',
  bottom: 'bottom-24 phone:bottom-[calc(8.5rem+env(safe-area-inset-bottom))]',
};

export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.current, toastStore.current);
  const viewport = useRef<HTMLOListElement>(null);
  const [place, setPlace] = useState<Place>('top');
  const newest = toasts.find((item) => item.open)?.id;
  useLayoutEffect(() => {
    // Each new toast is placed afresh: at the top, then measured once it is drawn there (Radix draws
    // it into the viewport a frame later).
    if (newest === undefined) return;
    setPlace('top');
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setPlace(placeFor(viewport.current)));
    });
    return () => cancelAnimationFrame(frame);
  }, [newest]);
  return (
    <Toast.Provider swipeDirection="right">
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) toastStore.dismiss(item.id);
          }}
          className={`pointer-events-auto relative flex w-full touch-pan-y gap-3 rounded-lg border p-4 pr-12 shadow-xl data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ${
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
            className="absolute top-1 right-1 grid size-11 place-items-center rounded opacity-80 hover:opacity-100"
          >
            <X className="size-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* A toast stays until it is closed (spec 9): at the top, clear of the chat bubble in the corner
          below; swiped right it goes. See placeFor for when it moves to the bottom. */}
      <Toast.Viewport
        ref={viewport}
        data-place={place}
        className={`fixed right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none phone:max-w-none phone:px-2 phone:py-1 ${PLACES[place]}`}
      />
    </Toast.Provider>
  );
}
