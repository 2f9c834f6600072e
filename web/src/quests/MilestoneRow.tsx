import { CheckCircle2, Circle } from 'lucide-react';
import { formatDay } from '../i18n/format.ts';
import { useLocale, useT } from '../i18n/useT.ts';
import { PendingMark } from '../offline/PendingMark.tsx';
import { Badge } from '../ui/Badge.tsx';
import type { Milestone } from './types.ts';

export interface MilestoneRowProps {
  milestone: Milestone;
  onToggle: (milestoneId: string) => void;
  pending: boolean;
}

export function MilestoneRow({ milestone, onToggle, pending }: MilestoneRowProps) {
  const t = useT();
  const due = formatDay(milestone.due_date, useLocale());
  const done = milestone.is_completed;
  return (
    <li>
      {/* Busy, not disabled, while the toggle is on its way: disabling the focused button threw a
          keyboard hero's focus back to the top of the page after every Space. */}
      <button
        type="button"
        aria-pressed={done}
        aria-busy={pending}
        data-milestone-id={milestone.id}
        onClick={() => {
          if (!pending) onToggle(milestone.id);
        }}
        className={`flex w-full items-center gap-3 rounded-lg border px-3 py-2.5 text-left transition-colors aria-busy:cursor-wait aria-busy:opacity-60 ${
          done ? 'border-finance/30 bg-finance/5' : 'border-edge bg-night/40 hover:border-gold/50'
        }`}
      >
        {done ? (
          <CheckCircle2 className="size-5 shrink-0 text-finance" aria-hidden data-testid="milestone-done" />
        ) : (
          <Circle className="size-5 shrink-0 text-muted" aria-hidden data-testid="milestone-open" />
        )}
        <span className="min-w-0 flex-1">
          <span className={`block break-words ${done ? 'text-muted line-through' : 'text-parchment'}`}>
            {milestone.title}
          </span>
          {due ? <span className="block text-muted text-xs">{t('milestone.due', { date: due })}</span> : null}
        </span>
        <PendingMark milestoneId={milestone.id} />
        <Badge>{t('profile.xp', { xp: String(milestone.xp_reward) })}</Badge>
      </button>
    </li>
  );
}
