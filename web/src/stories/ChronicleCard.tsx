import { isFoundation, type StoryHistoryItem } from '@lifequest/proto';
import { Flag, Landmark, type LucideIcon, ScrollText, Sparkles, Trophy } from 'lucide-react';
import { foundationName } from '../foundations/foundationText.ts';
import { foundationTheme } from '../foundations/foundationTheme.ts';
import { formatCount, formatDay } from '../i18n/format.ts';
import { useLocale, useT } from '../i18n/useT.ts';
import { Badge } from '../ui/Badge.tsx';
import { featuredAchievements, masteryBadges, narrativeLabel, storyParagraphs } from './chronicles.ts';

const NARRATIVE_ICONS: Record<string, LucideIcon> = {
  single_achievement: Trophy,
  foundation_progress: Landmark,
  multi_foundation: Sparkles,
  milestone_celebration: Flag,
};

export function ChronicleCard({ story, number }: { story: StoryHistoryItem; number: number }) {
  const t = useT();
  const locale = useLocale();
  const Icon = NARRATIVE_ICONS[story.narrative_type] ?? ScrollText;
  const featured = featuredAchievements(story.achievements_data);
  const titleId = `chronicle-${story.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="grid gap-4 rounded-xl border border-edge bg-surface/90 p-4 shadow-lg shadow-black/30 sm:p-6"
      data-testid="chronicle"
    >
      <header className="flex items-start gap-3">
        <span
          className="grid size-11 shrink-0 place-items-center rounded-full border border-gold/50 bg-gold/10 text-gold"
          data-narrative-type={story.narrative_type}
        >
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <h3 id={titleId} className="text-lg text-parchment">
            {t('stories.chronicle', { number: formatCount(number, locale) })}
            <span className="sr-only">: </span>
            <span className="ml-2 font-sans text-gold text-sm tracking-normal">
              {t(narrativeLabel(story.narrative_type))}
            </span>
          </h3>
          <p className="flex flex-wrap gap-x-3 text-muted text-xs">
            <time dateTime={story.created_at}>{formatDay(story.created_at, locale)}</time>
            <span data-testid="achievement-count">
              {t('stories.achievements', {
                count: story.achievements_count,
                n: formatCount(story.achievements_count, locale),
              })}
            </span>
          </p>
        </div>
      </header>

      <div className="grid max-w-prose gap-3 font-serif text-parchment leading-relaxed">
        {storyParagraphs(story.story).map((paragraph, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a written story never changes
          <p key={index}>{paragraph}</p>
        ))}
      </div>

      {Object.keys(story.foundation_progress).length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('stories.masteryLabel')}>
          {masteryBadges(story.foundation_progress).map(({ foundation, percent }) => (
            <li key={foundation}>
              <Badge
                className={
                  isFoundation(foundation)
                    ? foundationTheme[foundation].badge
                    : 'border-edge bg-night text-parchment'
                }
              >
                {t('stories.mastery', { foundation: foundationName(t, foundation), percent })}
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}

      {featured.titles.length > 0 ? (
        <div className="grid gap-1.5">
          <p className="text-muted text-xs uppercase tracking-wider">{t('stories.featured')}</p>
          <ul className="flex flex-wrap gap-2" data-testid="featured-achievements">
            {featured.titles.map((title, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: two achievements may share a title
                key={index}
                className="inline-flex max-w-full items-center gap-1 rounded-full border border-gold/40 bg-night px-2.5 py-0.5 font-semibold text-parchment text-xs"
              >
                <Trophy className="size-3 shrink-0 text-gold" aria-hidden />
                <span className="min-w-0 break-words">{title}</span>
              </li>
            ))}
            {featured.more > 0 ? (
              <li>
                <Badge className="border-edge bg-night text-muted">
                  {t('stories.more', { count: featured.more })}
                </Badge>
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}
    </article>
  );
}
