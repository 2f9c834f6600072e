import type { CreateGoalAction } from '@lifequest/proto';
import { CalendarDays, CheckCircle2, Plus, Swords } from 'lucide-react';
import { formatCount, formatDay } from '../i18n/format.ts';
import { useLocale, useT } from '../i18n/useT.ts';
import { Badge } from '../ui/Badge.tsx';
import { Button } from '../ui/Button.tsx';

export interface GoalSuggestionProps {
  action: CreateGoalAction;
  state: 'idle' | 'adding' | 'added';
  /** Another suggestion is being added: one quest at a time. */
  busy: boolean;
  onApply: () => void;
}

/** A quest The Pathfinder suggests in the floating chat, added with one click. */
export function GoalSuggestion({ action, state, busy, onApply }: GoalSuggestionProps) {
  const t = useT();
  const locale = useLocale();
  const { title, targetDate, xpTotal, milestones } = action.payload;
  const due = formatDay(targetDate, locale);
  return (
    <div
      className="ml-9 grid gap-2 rounded-lg border border-gold/40 bg-gold/5 p-3 text-sm"
      data-testid="goal-suggestion"
    >
      <p className="flex items-start gap-2 font-display text-gold">
        <Swords className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span className="break-words">{title}</span>
      </p>
      <div className="flex flex-wrap items-center gap-2 text-muted text-xs">
        {due ? (
          <span className="inline-flex items-center gap-1">
            <CalendarDays className="size-3.5" aria-hidden />
            {t('goal.target', { date: due })}
          </span>
        ) : null}
        <Badge>{t('profile.xp', { xp: formatCount(xpTotal, locale) })}</Badge>
      </div>
      {milestones.length > 0 ? (
        <ol className="grid list-decimal gap-0.5 pl-5 text-parchment text-xs">
          {milestones.map((milestone, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a suggestion's milestones never reorder
            <li key={index}>
              {milestone.title}
              <span className="text-muted">
                {' · '}
                {t('pathfinder.milestone.when', {
                  date: formatDay(milestone.dueDate, locale),
                  xp: formatCount(milestone.xpReward, locale),
                })}
              </span>
            </li>
          ))}
        </ol>
      ) : null}
      {state === 'added' ? (
        <p className="inline-flex items-center gap-1.5 font-semibold text-finance" role="status">
          <CheckCircle2 className="size-4" aria-hidden />
          {t('chat.suggestion.added')}
        </p>
      ) : (
        <Button
          className="min-h-9 justify-self-start px-3 py-1.5"
          disabled={busy || state === 'adding'}
          onClick={onApply}
        >
          <Plus className="size-4" aria-hidden />
          {state === 'adding' ? t('chat.suggestion.adding') : t('chat.suggestion.add')}
        </Button>
      )}
    </div>
  );
}
