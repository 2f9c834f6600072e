import type { Foundation } from '@lifequest/proto';
import { CheckCircle2, X } from 'lucide-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useErrorText } from '../i18n/errorText.ts';
import { formatCount } from '../i18n/format.ts';
import { useLocale, useT } from '../i18n/useT.ts';
import { useGoals } from '../quests/questQueries.ts';
import { Badge } from '../ui/Badge.tsx';
import { Card } from '../ui/Card.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { ScrollBox } from '../ui/ScrollBox.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { AssignMenu } from './AssignMenu.tsx';
import { CountedAs } from './CountedAs.tsx';
import { type FoundationGroup, groupByFoundation } from './foundationGroups.ts';
import { foundationIcons } from './foundationIcons.ts';
import { foundationDescription, foundationName } from './foundationText.ts';
import { foundationTheme } from './foundationTheme.ts';
import { useAssignFoundation } from './useAssignFoundation.ts';

function FoundationCard({
  group,
  onRemove,
  busy,
}: {
  group: FoundationGroup;
  onRemove: (goalId: string) => void;
  busy: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const theme = foundationTheme[group.foundation];
  const Icon = foundationIcons[group.foundation];
  const name = foundationName(t, group.foundation);
  return (
    <Card
      aria-labelledby={`foundation-${group.foundation}`}
      className={`grid content-start gap-3 border-t-4 ${theme.border}`}
    >
      <div className="flex items-start gap-3">
        <Icon className={`mt-1 size-6 shrink-0 ${theme.text}`} aria-hidden />
        <div className="grid flex-1 gap-1">
          {/* tabIndex -1: the page focuses it when a goal it just held has no control left to take the focus. */}
          <h2 id={`foundation-${group.foundation}`} tabIndex={-1} className={`text-xl ${theme.text}`}>
            {name}
          </h2>
          <p className="text-muted text-sm">{foundationDescription(t, group.foundation)}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Badge className={theme.badge}>
          {t('foundations.goals', { count: group.goals.length, n: formatCount(group.goals.length, locale) })}
        </Badge>
        <Badge className="border-edge bg-night text-parchment">
          {t('foundations.complete', { count: group.completed, n: formatCount(group.completed, locale) })}
        </Badge>
      </div>
      {group.goals.length === 0 ? (
        <p className="rounded-lg border border-edge border-dashed p-4 text-center text-muted text-sm">
          {t('foundations.empty')}
        </p>
      ) : (
        <ScrollBox maxHeight="12rem" label={t('foundations.goalsLabel', { foundation: name })}>
          <ul className="grid gap-1.5 pr-2">
            {group.goals.map((goal) => (
              <li key={goal.id} className="flex items-center gap-2 rounded-md bg-night/50 px-3 py-2 text-sm">
                {goal.is_completed ? (
                  <CheckCircle2 className="size-4 shrink-0 text-green-400" aria-label={t('goal.completed')} />
                ) : null}
                <span id={`foundation-goal-${goal.id}`} className="min-w-0 flex-1 break-words text-parchment">
                  {goal.title}
                </span>
                <button
                  type="button"
                  title={t('foundations.remove')}
                  aria-describedby={`foundation-goal-${goal.id}`}
                  data-goal-control={goal.id}
                  disabled={busy}
                  onClick={() => onRemove(goal.id)}
                  className="rounded p-1 text-muted hover:bg-red-500/10 hover:text-red-300"
                >
                  <X className="size-4" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        </ScrollBox>
      )}
    </Card>
  );
}

/** Where the keyboard focus goes once an assignment or removal has settled and the goals are re-read. */
interface FocusAfterMove {
  goalId: string;
  /** The foundation the goal was assigned to or removed from: its heading is the fallback. */
  foundation: Foundation;
}

/**
 * The control the hero used (the 'Assign to...' trigger or the × button) leaves with the goal, which
 * would drop the keyboard focus to the page. Follow the goal instead: focus its control wherever it now
 * is (its × in the foundation card after an assignment, its trigger in the Unassigned card after a
 * removal, the same control again after a failure), else the foundation card's heading.
 */
function useFocusAfterMove(root: RefObject<HTMLElement | null>, settled: boolean) {
  const [target, setTarget] = useState<FocusAfterMove | null>(null);
  useEffect(() => {
    if (!target || !settled || !root.current) return;
    const control = [...root.current.querySelectorAll<HTMLElement>('[data-goal-control]')].find(
      (element) => element.dataset.goalControl === target.goalId,
    );
    (control ?? document.getElementById(`foundation-${target.foundation}`))?.focus();
    setTarget(null);
  }, [target, settled, root]);
  return setTarget;
}

export default function FoundationsPage() {
  const t = useT();
  const errorText = useErrorText();
  const goals = useGoals();
  const assign = useAssignFoundation();
  const root = useRef<HTMLDivElement>(null);
  // Settled: the call is over and the goals list it invalidated has been read again.
  const focusAfterMove = useFocusAfterMove(root, !assign.isPending && !goals.isFetching);

  if (goals.isPending) return <Spinner label={t('foundations.loading')} />;
  if (goals.isError) {
    return (
      <p role="alert" className="py-16 text-center text-red-300">
        {errorText(goals.error)}
      </p>
    );
  }

  const { unassigned, groups } = groupByFoundation(goals.data);

  return (
    <div ref={root} className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl text-gold sm:text-3xl">{t('foundations.title')}</h1>
        <p className="text-muted text-sm">{t('foundations.subtitle')}</p>
      </div>

      {unassigned.length > 0 ? (
        <Card aria-labelledby="unassigned-title" className="grid gap-3">
          <h2 id="unassigned-title" className="text-parchment text-xl">
            {t('foundations.unassigned', { count: unassigned.length })}
          </h2>
          <ul className="grid gap-2">
            {unassigned.map((goal) => (
              <li
                key={goal.id}
                className="flex flex-col gap-2 rounded-lg border border-edge bg-night/50 p-3 sm:flex-row sm:items-center"
              >
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-2 break-words text-parchment">
                    <span id={`unassigned-${goal.id}`}>{goal.title}</span>
                    {goal.is_completed ? (
                      <CheckCircle2
                        className="size-4 shrink-0 text-green-400"
                        aria-label={t('goal.completed')}
                      />
                    ) : null}
                  </p>
                  <p className="text-muted text-xs">
                    {t('foundations.progress', { percent: Math.round(goal.progress) })}
                  </p>
                  <CountedAs
                    goalId={goal.id}
                    title={goal.title}
                    className={goal.class_name}
                    disabled={assign.isPending}
                    onConfirm={(foundation) => {
                      focusAfterMove({ goalId: goal.id, foundation });
                      assign.mutate({ goalId: goal.id, foundation });
                    }}
                  />
                </div>
                <AssignMenu
                  goalId={goal.id}
                  goalTitleId={`unassigned-${goal.id}`}
                  disabled={assign.isPending}
                  onAssign={(foundation) => {
                    focusAfterMove({ goalId: goal.id, foundation });
                    assign.mutate({ goalId: goal.id, foundation });
                  }}
                />
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      <div className="grid gap-4 md:grid-cols-2">
        {groups.map((group) => (
          <FoundationCard
            key={group.foundation}
            group={group}
            busy={assign.isPending}
            onRemove={(goalId) => {
              focusAfterMove({ goalId, foundation: group.foundation });
              assign.mutate({ goalId, foundation: '' });
            }}
          />
        ))}
      </div>

      <Card aria-labelledby="summary-title" className="grid gap-4">
        <h2 id="summary-title" className="text-gold text-xl">
          {t('foundations.summary')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {groups.map((group) => (
            <li key={group.foundation} className="grid gap-1.5" data-testid={`summary-${group.foundation}`}>
              <div className="flex items-baseline justify-between">
                <span className={`font-semibold ${foundationTheme[group.foundation].text}`}>
                  {foundationName(t, group.foundation)}
                </span>
                <span className="font-display text-lg text-parchment">{group.percent}%</span>
              </div>
              <ProgressBar
                value={group.percent}
                label={t('foundations.completion', { foundation: foundationName(t, group.foundation) })}
                barClassName={foundationTheme[group.foundation].bar}
              />
              <span className="text-muted text-xs">
                {t('foundations.ofComplete', { done: group.completed, total: group.goals.length })}
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
