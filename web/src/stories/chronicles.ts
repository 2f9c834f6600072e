import { FOUNDATIONS, type StoryHistoryItem } from '@lifequest/proto';
import type { MessageKey } from '../i18n/messages/en.ts';

/** A story card shows at most 3 featured achievements, then '+n more'. */
export const FEATURED_ACHIEVEMENTS_SHOWN = 3;

/** Chronicles are numbered with the newest highest; the history comes newest first. */
export function chronicleNumber(index: number, total: number): number {
  return total - index;
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

const NARRATIVE_LABELS: Record<string, MessageKey> = {
  single_achievement: 'stories.type.single_achievement',
  foundation_progress: 'stories.type.foundation_progress',
  multi_foundation: 'stories.type.multi_foundation',
  milestone_celebration: 'stories.type.milestone_celebration',
};

/** The chronicle's kind in words; a type a future writer adds (docs/product.md#stories) reads 'Chronicle'. */
export function narrativeLabel(type: string): MessageKey {
  return Object.hasOwn(NARRATIVE_LABELS, type)
    ? (NARRATIVE_LABELS[type] as MessageKey)
    : 'stories.type.other';
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
