import {
  type ButtonHTMLAttributes,
  cloneElement,
  lazy,
  type ReactElement,
  Suspense,
  useRef,
  useState,
} from 'react';

const loadContent = () => import('./ConfirmDialogContent.tsx');
const ConfirmDialogContent = lazy(loadContent);

export interface ConfirmDialogProps {
  /** The button that opens the dialog; the focus returns to it when the dialog closes. */
  trigger: ReactElement<ButtonHTMLAttributes<HTMLButtonElement>>;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
}

/**
 * A confirmation behind a button. The dialog itself (Radix AlertDialog with its focus trap and scroll
 * lock, about 14 kB) loads when a hero first points at or focuses such a button, not with the page:
 * every quest card carries one, and the dashboard waited for it before its first paint.
 */
export function ConfirmDialog({ trigger, title, description, confirmLabel, onConfirm }: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement | null>(null);
  const preload = () => {
    loadContent().catch(() => {});
  };
  return (
    <>
      {cloneElement(trigger, {
        'aria-haspopup': 'dialog',
        'aria-expanded': open,
        onClick: (event) => {
          opener.current = event.currentTarget;
          setOpen(true);
        },
        onPointerEnter: preload,
        onFocus: preload,
      })}
      {open ? (
        <Suspense fallback={null}>
          <ConfirmDialogContent
            title={title}
            description={description}
            confirmLabel={confirmLabel}
            onConfirm={onConfirm}
            onClose={() => setOpen(false)}
            returnFocus={() => opener.current?.focus()}
          />
        </Suspense>
      ) : null}
    </>
  );
}
