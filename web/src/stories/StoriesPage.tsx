import { hasSomethingToCelebrate } from '@lifequest/proto';
import { BookOpenText, Feather, ScrollText, Wand2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useGoals, useMilestones } from '../quests/questQueries.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { inputClasses } from '../ui/Field.tsx';
import { LongWait } from '../ui/LongWait.tsx';
import { ChronicleCard } from './ChronicleCard.tsx';
import { chronicleNumber } from './chronicles.ts';
import { useStoryHistory, useWriteStory } from './storyQueries.ts';

export default function StoriesPage() {
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
        <h1 className="text-2xl text-gold sm:text-3xl">Achievement Stories</h1>
        <p className="text-muted text-sm">
          The Pathfinder turns what you have achieved into tales worth telling.
        </p>
      </div>

      <Card aria-labelledby="story-forge-title" className="grid gap-5">
        <h2 id="story-forge-title" className="sr-only">
          Write a story
        </h2>
        <div className="grid gap-4 md:grid-cols-2 md:gap-6">
          <div className="grid content-start gap-2">
            <p className="flex items-center gap-2 font-display text-parchment">
              <BookOpenText className="size-5 text-gold" aria-hidden />
              Your whole journey
            </p>
            <p className="text-muted text-sm" id={epicHintId}>
              {canTellEpic
                ? 'An epic told from all of your achievements so far.'
                : 'Complete a milestone or a quest and your epic can be told here.'}
            </p>
            <Button
              className="justify-self-start"
              aria-describedby={epicHintId}
              disabled={writing || !canTellEpic}
              onClick={() => write.mutate(null)}
            >
              <Wand2 className="size-4" aria-hidden />
              Generate Epic Journey Story
            </Button>
          </div>
          <div className="grid content-start gap-2">
            <label htmlFor={selectId} className="flex items-center gap-2 font-display text-parchment">
              <Feather className="size-5 text-gold" aria-hidden />
              One achievement
            </label>
            <p className="text-muted text-sm" id={`${selectId}-hint`}>
              {completed.length === 0
                ? 'Complete a quest and its tale can be told here.'
                : 'A tale of one completed quest.'}
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
                <option value="">Select an achievement...</option>
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
                Generate Focused Story
              </Button>
            </div>
          </div>
        </div>
        {writing ? (
          <LongWait
            label={
              writingFocused
                ? 'The Pathfinder is writing your tale...'
                : 'The Pathfinder is writing your epic...'
            }
            hint="A good story takes a little while. It will appear in your chronicles below."
          />
        ) : null}
      </Card>

      <section aria-labelledby="chronicles-title" className="grid gap-4">
        <h2 id="chronicles-title" className="flex items-center gap-2 text-gold text-xl">
          <ScrollText className="size-5" aria-hidden />
          Your Heroic Chronicles
        </h2>
        {history.isPending ? (
          <p className="py-10 text-center text-muted" role="status">
            Loading your stories...
          </p>
        ) : history.isError ? (
          <p role="alert" className="py-10 text-center text-red-300">
            {history.error.message}
          </p>
        ) : stories.length === 0 ? (
          <Card className="grid justify-items-center gap-3 py-12 text-center">
            <ScrollText className="size-12 text-gold/70" aria-hidden />
            <h3 className="text-parchment text-xl">No Stories Yet</h3>
            <p className="max-w-sm text-muted">
              Complete some goals and generate your first achievement story!
            </p>
            {/* Spec: this button reads 'Complete a Goal First' while no goal is complete, whatever
                milestones are done; the epic button above follows the server's wider rule. */}
            <Button disabled={writing || completed.length === 0} onClick={() => write.mutate(null)}>
              {completed.length > 0 ? 'Generate Your First Story' : 'Complete a Goal First'}
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
