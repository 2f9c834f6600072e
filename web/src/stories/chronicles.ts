import { FOUNDATIONS, type StoryHistoryItem } from '@lifequest/proto';

/** A story card shows at most 3 featured achievements, then '+n more'. */
export const FEATURED_ACHIEVEMENTS_SHOWN = 3;

/** Chronicles are numbered with the newest highest; the history comes newest first. */
export function chronicleNumber(index: number, total: number): number {
  return total - index;
}

export function achievementCountLabel(count: number): string {
  return count === 1 ? '1 achievement' : `${count} achievements`;
}

export function featuredAchievements(achievements: StoryHistoryItem['achievements_data']): {
  titles: string[];
  more: number;
} {
  const titles = achievements.map((achievement) => achievement.title);
  return {
    titles: titles.slice(0, FEATURED_ACHIEVEMENTS_SHOWN),
    more: Math.max(0, titles.length - FEATURED_ACHIEVEMENTS_SHOWN),
  };
}

const NARRATIVE_LABELS: Record<string, string> = {
  single_achievement: 'Single Achievement',
  foundation_progress: 'Foundation Progress',
  multi_foundation: 'Multi-Foundation Saga',
  milestone_celebration: 'Milestone Celebration',
};

/** The chronicle's kind in words; a type a future writer adds (docs/product.md#stories) reads 'Chronicle'. */
export function narrativeLabel(type: string): string {
  return NARRATIVE_LABELS[type] ?? 'Chronicle';
}

/** The mastery badges in the foundations' usual order, then any other name the story carries. */
export function masteryBadges(progress: StoryHistoryItem['foundation_progress']): {
  foundation: string;
  percent: number;
}[] {
  const known: readonly string[] = FOUNDATIONS;
  const names = [
    ...FOUNDATIONS.filter((name) => name in progress),
    ...Object.keys(progress).filter((name) => !known.includes(name)),
  ];
  return names.map((foundation) => ({ foundation, percent: Math.round(progress[foundation] ?? 0) }));
}

/** A story's paragraphs, as the writer separated them by blank lines. */
export function storyParagraphs(story: string): string[] {
  return story
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}
