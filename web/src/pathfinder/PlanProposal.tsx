import type { Plan } from '@lifequest/proto';
import { CalendarDays, Check, ScrollText, Target } from 'lucide-react';
import type { Ref } from 'react';
import { formatCount, formatDay, formatTarget } from '../i18n/format.ts';
import { useLocale, useT } from '../i18n/useT.ts';
import { Badge } from '../ui/Badge.tsx';
import { Button } from '../ui/Button.tsx';
import { categoryText, difficultyText } from './goalWords.ts';

export interface PlanProposalProps {
  plan: Plan;
  confirming: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  ref?: Ref<HTMLElement>;
}

/** The plan The Pathfinder proposes, waiting for the hero's Confirm (docs/product.md#pathfinder). */
export function PlanProposal({ plan, confirming, onConfirm, onCancel, ref }: PlanProposalProps) {
  const t = useT();
  const locale = useLocale();
  const { goal, milestones, xp_policy: xp, habits } = plan;
  const metric =
    goal.metric.target_value !== null
      ? formatTarget(goal.metric.target_value, goal.metric.unit, locale)
      : null;
  return (
    <section
      ref={ref}
      aria-labelledby="plan-title"
      className="grid gap-4 rounded-xl border border-gold/50 bg-surface p-4 shadow-[0_0_30px_-10px] shadow-gold/50 sm:p-5"
      data-testid="plan-proposal"
    >
      <div className="grid gap-1">
        <p className="flex items-center gap-1.5 text-gold text-xs uppercase tracking-wider">
          <ScrollText className="size-4" aria-hidden />
          {t('pathfinder.plan.proposed')}
        </p>
        <h3 id="plan-title" className="break-words text-parchment text-xl">
          {goal.title}
        </h3>
        <div className="flex flex-wrap gap-2">
          <Badge className="border-edge bg-night text-parchment">{categoryText(goal.category, t)}</Badge>
          <Badge className="border-edge bg-night text-parchment">{difficultyText(goal.difficulty, t)}</Badge>
          {metric ? (
            <Badge className="border-edge bg-night text-parchment" data-testid="plan-target">
              <Target className="mr-1 size-3" aria-hidden />
              <span className="sr-only">{t('pathfinder.targetLabel')} </span>
              {metric}
            </Badge>
          ) : null}
          <Badge>{t('profile.xp', { xp: formatCount(xp.total_goal_xp, locale) })}</Badge>
        </div>
      </div>

      <div className="grid gap-2">
        <h4 className="font-semibold text-parchment text-sm">{t('profile.stat.milestones')}</h4>
        <ol className="grid gap-1.5">
          {milestones.map((milestone, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a plan's milestones never reorder
              key={index}
              className="flex items-start gap-2 rounded-md bg-night/50 px-3 py-2 text-sm"
            >
              <span className="font-display text-gold">{index + 1}.</span>
              <span className="min-w-0 flex-1 break-words text-parchment">{milestone.label}</span>
              <span className="shrink-0 text-right text-muted text-xs">
                {milestone.due_date ? (
                  <span className="inline-flex items-center gap-1">
                    <CalendarDays className="size-3" aria-hidden />
                    {formatDay(milestone.due_date, locale)}
                  </span>
                ) : null}
                <span className="block">
                  {t('profile.xp', { xp: formatCount(milestone.xp_reward, locale) })}
                </span>
              </span>
            </li>
          ))}
        </ol>
      </div>

      <p className="text-muted text-xs">
        {t('pathfinder.plan.bonuses', {
          early: formatCount(xp.bonuses.early_milestone, locale),
          daily: formatCount(xp.bonuses.logging_daily, locale),
        })}
      </p>

      {habits.length > 0 ? (
        <div className="grid gap-1">
          <h4 className="font-semibold text-parchment text-sm">{t('pathfinder.plan.habits')}</h4>
          <ul className="grid list-disc gap-0.5 pl-5 text-parchment text-sm">
            {habits.map((habit, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: habits never reorder
              <li key={index}>{habit}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={onConfirm} disabled={confirming}>
          <Check className="size-4" aria-hidden />
          {confirming ? t('pathfinder.plan.creating') : t('pathfinder.plan.confirm')}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={confirming}>
          {t('delete.cancel')}
        </Button>
      </div>
    </section>
  );
}
