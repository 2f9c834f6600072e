import type { Plan, QuestWithMilestones } from '@lifequest/proto';
import { CheckCircle2, Circle } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useErrorText } from '../i18n/errorText.ts';
import { formatCount, formatDay } from '../i18n/format.ts';
import { useLocale, useT } from '../i18n/useT.ts';
import { buttonClasses } from '../ui/Button.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { useConfirmReplan, useRequestReplan } from './useReplan.ts';

interface Row {
  key: string;
  label: string;
  due: string | null;
  done: boolean;
  xp: number;
  /** The date moved (proposed side only). */
  moved?: boolean;
}

function PlanColumn({
  heading,
  rows,
  deadline,
  testId,
}: {
  heading: string;
  rows: Row[];
  deadline: string | null;
  testId: string;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-label={heading} data-testid={testId} className="grid min-w-0 content-start gap-2">
      <h3 className="text-gold text-sm uppercase tracking-wider sm:text-base">{heading}</h3>
      <ol className="grid gap-1.5">
        {rows.map((row) => (
          <li
            key={row.key}
            className={`grid gap-0.5 rounded-md border px-2 py-1.5 text-xs sm:text-sm ${
              row.moved ? 'border-gold/50 bg-gold/10' : 'border-edge bg-night/50'
            }`}
          >
            <span className="flex items-start gap-1.5 text-parchment">
              {row.done ? (
                <CheckCircle2
                  className="mt-0.5 size-3.5 shrink-0 text-finance"
                  aria-label={t('pathfinder.milestone.done')}
                />
              ) : (
                <Circle
                  className="mt-0.5 size-3.5 shrink-0 text-muted"
                  aria-label={t('pathfinder.milestone.open')}
                />
              )}
              <span className="min-w-0 break-words">{row.label}</span>
            </span>
            <span className="text-muted">
              {t('pathfinder.milestone.when', {
                date: row.due ? formatDay(row.due, locale) : t('replan.noDate'),
                xp: formatCount(row.xp, locale),
              })}
            </span>
          </li>
        ))}
      </ol>
      <p className="text-muted text-xs sm:text-sm">
        {t('replan.deadline')}{' '}
        <span className="text-parchment">
          {deadline ? formatDay(deadline, locale) : t('replan.noDeadline')}
        </span>
      </p>
    </section>
  );
}

function currentRows(current: QuestWithMilestones): Row[] {
  return current.milestones.map((m) => ({
    key: m.id,
    label: m.title,
    due: m.due_date,
    done: m.is_completed,
    xp: m.xp_reward,
  }));
}

function proposedRows(plan: Plan, current: QuestWithMilestones): Row[] {
  const was = new Map(current.milestones.map((m) => [m.id, m.due_date]));
  return plan.milestones.map((m, i) => ({
    key: m.id ?? `new-${i}`,
    label: m.label,
    due: m.due_date,
    done: m.is_completed === true,
    xp: m.xp_reward,
    moved: !m.is_completed && (m.id === undefined || was.get(m.id) !== m.due_date),
  }));
}

/** The re-plan dialog: the current plan and The Pathfinder's proposal side by side, then Confirm. */
export default function ReplanDialog({
  goalId,
  title,
  note,
  onClose,
  returnFocus,
}: {
  goalId: string;
  title: string;
  /** What the hero said about it, when the chat offered the re-plan. */
  note?: string;
  onClose: () => void;
  returnFocus: () => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const request = useRequestReplan();
  const confirm = useConfirmReplan();
  const [editedTitle, setEditedTitle] = useState(title);
  const { mutate } = request;
  useEffect(() => {
    mutate(note ? { goal_id: goalId, note } : { goal_id: goalId });
  }, [mutate, goalId, note]);
  const draft = request.data;

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
          data-testid="replan-dialog"
          className="fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-1rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-gold/30 bg-surface p-4 text-parchment shadow-2xl sm:p-6"
        >
          <Dialog.Title className="font-display text-gold text-xl">{t('replan.button')}</Dialog.Title>
          <Dialog.Description className="text-muted text-sm">{t('replan.body')}</Dialog.Description>
          {request.isPending || request.isIdle ? (
            <Spinner label={t('replan.drawing')} />
          ) : request.isError ? (
            <p role="alert" className="text-red-300">
              {errorText(request.error)}
            </p>
          ) : draft ? (
            <>
              <p className="whitespace-pre-line text-parchment text-sm" data-testid="replan-reply">
                {draft.reply.split('\n')[0]}
              </p>
              {draft.reasons.length > 0 ? (
                <ul className="grid list-disc gap-1 pl-5 text-muted text-sm" aria-label={t('replan.reasons')}>
                  {draft.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              ) : null}
              <label className="grid gap-1 text-sm">
                <span className="text-muted">{t('replan.questTitle')}</span>
                <input
                  value={editedTitle}
                  onChange={(event) => setEditedTitle(event.target.value)}
                  maxLength={200}
                  className="rounded-md border border-edge bg-night px-3 py-2 text-parchment focus:border-gold focus:outline-none"
                />
              </label>
              <div className="grid grid-cols-2 gap-2 sm:gap-4" data-testid="replan-compare">
                <PlanColumn
                  heading={t('replan.current')}
                  testId="replan-current"
                  rows={currentRows(draft.current)}
                  deadline={draft.current.goal.deadline}
                />
                <PlanColumn
                  heading={t('pathfinder.plan.proposed')}
                  testId="replan-proposed"
                  rows={proposedRows(draft.plan, draft.current)}
                  deadline={draft.deadline}
                />
              </div>
            </>
          ) : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Dialog.Close className={buttonClasses('ghost')}>{t('delete.cancel')}</Dialog.Close>
            <button
              type="button"
              className={buttonClasses('primary')}
              disabled={!draft || confirm.isPending || editedTitle.trim() === ''}
              onClick={() => {
                if (!draft) return;
                confirm.mutate(
                  { plan: draft.plan, draftId: draft.draftId, title: editedTitle },
                  { onSuccess: onClose },
                );
              }}
            >
              {confirm.isPending ? t('replan.confirming') : t('pathfinder.plan.confirm')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
