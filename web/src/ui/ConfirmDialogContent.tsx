import { AlertDialog } from 'radix-ui';
import { useT } from '../i18n/useT.ts';
import { buttonClasses } from './Button.tsx';

export interface ConfirmDialogContentProps {
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  /** Where the focus goes back when the dialog closes (what Radix's own trigger would do). */
  returnFocus: () => void;
}

/** The open confirmation (Radix AlertDialog): loaded with the first dialog a hero opens (ui/ConfirmDialog). */
export default function ConfirmDialogContent({
  title,
  description,
  confirmLabel,
  onConfirm,
  onClose,
  returnFocus,
}: ConfirmDialogContentProps) {
  const t = useT();
  return (
    <AlertDialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <AlertDialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
          className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border border-gold/30 bg-surface p-6 text-parchment shadow-2xl"
        >
          <AlertDialog.Title className="font-display text-gold text-xl">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-muted">{description}</AlertDialog.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses('ghost')}>{t('ui.cancel')}</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses('danger')} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
