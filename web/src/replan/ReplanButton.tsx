import { Route } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useT } from '../i18n/useT.ts';
import { buttonClasses } from '../ui/Button.tsx';

const loadDialog = () => import('./ReplanDialog.tsx');
const ReplanDialog = lazy(loadDialog);

/**
 * "Re-plan with The Pathfinder", on a quest that fell behind (replan/behind.ts). It opens the re-plan
 * beside the current plan; the dialog (and its request) loads only when the hero asks for it.
 */
export function ReplanButton({ goalId, title, note }: { goalId: string; title: string; note?: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={opener}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={(event) => {
          // Inside a selectable card, the click is the re-plan's, not the card's.
          event.stopPropagation();
          setOpen(true);
        }}
        onPointerEnter={() => loadDialog().catch(() => {})}
        onFocus={() => loadDialog().catch(() => {})}
        className={buttonClasses('secondary', 'w-full sm:w-auto')}
      >
        <Route className="size-4" aria-hidden />
        {t('replan.button')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ReplanDialog
            goalId={goalId}
            title={title}
            note={note}
            onClose={() => setOpen(false)}
            returnFocus={() => opener.current?.focus()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
