import { hasSomethingToCelebrate } from '@lifequest/proto';
import { BookOpenText, Feather, ScrollText, Wand2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useErrorText } from '../i18n/errorText.ts';
import { useT } from '../i18n/useT.ts';
import { useGoals, useMilestones } from '../quests/questQueries.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { inputClasses } from '../ui/Field.tsx';
import { LongWait } from '../ui/LongWait.tsx';
import { ChronicleCard } from './ChronicleCard.tsx';
import { chronicleNumber } from './chronicles.ts';
import { useStoryHistory, useWriteStory } from './storyQueries.ts';

export default function StoriesPage() {
  const t = useT();
  const errorText = useErrorText();
  const history = useStoryHistory();
  const goals = useGoals();
  const milestones = useMilestones();
  const write = useWriteStory();
  const [achievementId, setAchievementId] = useState('');
  const selectId = useId();
  const epicHintId = useId();

  // Only completed goals are offered as focus choices.
  const completed = (goals.data ?? []).filter((goal) => goal.is_completed);
  // The server's rule: the epic story needs a completed quest or milestone (NOTHING_TO_CELEBRATE).
  const canTellEpic = hasSomethingToCelebrate({
    completedQuests: completed.length,
    completedMilestones: (milestones.data ?? []).filter((milestone) => milestone.is_completed).length,
  });
  const chosen = completed.some((goal) => goal.id === achievementId) ? achievementId : '';
  const writing = write.isPending;
  const writingFocused = writing && write.variables !== null;

  const stories = history.data ?? [];

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl text-gold sm:text-3xl">{t('stories.title')}</h1>
        <p className="text-muted text-sm">{t('stories.subtitle')}</p>
      </div>

      <Card aria-labelledby="story-forge-title" className="grid gap-5">
        <h2 id="story-forge-title" className="sr-only">
          {t('stories.write')}
        </h2>
        <div className="grid gap-4 md:grid-cols-2 md:gap-6">
          <div className="grid content-start gap-2">
            <p className="flex items-center gap-2 font-display text-parchment">
              <BookOpenText className="size-5 text-gold" aria-hidden />
              {t('stories.epic.title')}
            </p>
            <p className="text-muted text-sm" id={epicHintId}>
              {t(canTellEpic ? 'stories.epic.ready' : 'stories.epic.notYet')}
            </p>
            <Button
              className="justify-self-start"
              aria-describedby={epicHintId}
              disabled={writing || !canTellEpic}
              onClick={() => write.mutate(null)}
            >
              <Wand2 className="size-4" aria-hidden />
              {t('stories.epic.button')}
            </Button>
          </div>
          <div className="grid content-start gap-2">
            <label htmlFor={selectId} className="flex items-center gap-2 font-display text-parchment">
              <Feather className="size-5 text-gold" aria-hidden />
              {t('stories.one.title')}
            </label>
            <p className="text-muted text-sm" id={`${selectId}-hint`}>
              {t(completed.length === 0 ? 'stories.one.notYet' : 'stories.one.ready')}
            </p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <select
                id={selectId}
                aria-describedby={`${selectId}-hint`}
                value={chosen}
                onChange={(event) => setAchievementId(event.target.value)}
                disabled={completed.length === 0}
                className={inputClasses('min-h-10 min-w-0 flex-1 disabled:opacity-60')}
              >
                <option value="">{t('stories.one.select')}</option>
                {completed.map((goal) => (
                  <option key={goal.id} value={goal.id}>
                    {goal.title}
                  </option>
                ))}
              </select>
              <Button
                variant="secondary"
                className="shrink-0"
                disabled={writing || chosen === ''}
                onClick={() => write.mutate(chosen)}
              >
                {t('stories.one.button')}
              </Button>
            </div>
          </div>
        </div>
        {writing ? (
          <LongWait
            label={t(writingFocused ? 'stories.writing.tale' : 'stories.writing.epic')}
            hint={t('stories.writing.hint')}
          />
        ) : null}
      </Card>

      <section aria-labelledby="chronicles-title" className="grid gap-4">
        <h2 id="chronicles-title" className="flex items-center gap-2 text-gold text-xl">
          <ScrollText className="size-5" aria-hidden />
          {t('stories.chronicles')}
        </h2>
        {history.isPending ? (
          <p className="py-10 text-center text-muted" role="status">
            {t('stories.loading')}
          </p>
        ) : history.isError ? (
          <p role="alert" className="py-10 text-center text-red-300">
            {errorText(history.error)}
          </p>
        ) : stories.length === 0 ? (
          <Card className="grid justify-items-center gap-3 py-12 text-center">
            <ScrollText className="size-12 text-gold/70" aria-hidden />
            <h3 className="text-parchment text-xl">{t('stories.empty.title')}</h3>
            <p className="max-w-sm text-muted">{t('stories.empty.body')}</p>
            {/* Spec: this button reads 'Complete a Goal First' while no goal is complete, whatever
                milestones are done; the epic button above follows the server's wider rule. */}
            <Button disabled={writing || completed.length === 0} onClick={() => write.mutate(null)}>
              {t(completed.length > 0 ? 'stories.empty.first' : 'stories.empty.goalFirst')}
            </Button>
          </Card>
        ) : (
          <ol className="grid gap-4">
            {stories.map((story, index) => (
              <li key={story.id}>
                <ChronicleCard story={story} number={chronicleNumber(index, stories.length)} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
