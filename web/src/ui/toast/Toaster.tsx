import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useT } from '../../i18n/useT.ts';
import { TOAST_AVOID_CHANGED, toastStore } from './toastStore.ts';

type Place = 'top' | 'bottom';

/** Whether two boxes share any pixel. */
function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** A phone (docs/features/first-week.md#phone-layout), where the toasts come from the top. */
const PHONE_MEDIA = '(max-width: 639.98px) and (pointer: coarse)';

function preferredPlace(): Place {
  return window.matchMedia?.(PHONE_MEDIA).matches ? 'top' : 'bottom';
}

/** Whether a toast drawn in `viewport` covers something the hero is using (`data-toast-avoid`). */
function coversSomething(viewport: HTMLElement): boolean {
  const box = viewport.getBoundingClientRect();
  return [...document.querySelectorAll('[data-toast-avoid]')].some((element) =>
    overlaps(box, element.getBoundingClientRect()),
  );
}

const other = (place: Place): Place => (place === 'top' ? 'bottom' : 'top');

const PLACES: Record<Place, string> = {
  top: 'top-0 phone:top-[3.25rem]',
  bottom: 'bottom-24 phone:bottom-[calc(8.5rem+env(safe-area-inset-bottom))]',
};

export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.current, toastStore.current);
  const viewport = useRef<HTMLOListElement>(null);
  const [place, setPlace] = useState<Place>(preferredPlace);
  const newest = toasts.find((item) => item.open)?.id;
  const [layout, setLayout] = useState(0);
  const t = useT();
  useEffect(() => {
    const again = () => setLayout((count) => count + 1);
    window.addEventListener(TOAST_AVOID_CHANGED, again);
    return () => window.removeEventListener(TOAST_AVOID_CHANGED, again);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `layout` asks for a new placement
  useLayoutEffect(() => {
    // Each new toast is placed afresh, and measured once drawn (Radix draws it a frame later).
    // On a phone the top, under the header; elsewhere the lower right corner, above the chat bubble.
    // Where that would cover what the hero is using (the open chat, Record Progress), the other end.
    if (newest === undefined) return;
    const preferred = preferredPlace();
    setPlace(preferred);
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        const list = viewport.current;
        if (list && coversSomething(list)) setPlace(other(preferred));
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [newest, layout]);
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
            aria-label={t('ui.toast.close')}
            className="absolute top-1 right-1 grid size-11 place-items-center rounded opacity-80 hover:opacity-100"
          >
            <X className="size-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* Clear of the chat bubble at either end; swiped right it goes. See the layout effect above for
          which end. */}
      <Toast.Viewport
        ref={viewport}
        data-place={place}
        className={`fixed right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none phone:max-w-none phone:px-2 phone:py-1 ${PLACES[place]}`}
      />
    </Toast.Provider>
  );
}
