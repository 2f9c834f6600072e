import type { StoryAchievement, StoryHistoryItem } from '@lifequest/proto';
import type { Story } from '../generated/prisma/client.ts';

/** A written story as the Stories page reads it (docs/product.md#stories). */
export function storyToWire(row: Story): StoryHistoryItem {
  return {
    id: row.id,
    narrative_type: row.narrativeType ?? 'other',
    created_at: row.createdAt.toISOString(),
    achievements_count: row.achievementsCount,
    story: row.story ?? '',
    foundation_progress: row.foundationProgress as Record<string, number>,
    achievements_data: row.achievementsData as StoryAchievement[],
  };
}
