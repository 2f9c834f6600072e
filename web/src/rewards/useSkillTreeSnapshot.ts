import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
import type { SkillTreeResponse } from '../skill-tree/types.ts';

/**
 * Reads the skill tree as a hero reaches for a milestone (pointer over, focus, touch), unless it is
 * already known, so a level reached by the tick can say which skills it newly opened. Failing to read
 * it changes nothing: the celebration then counts the open skills instead.
 */
export function useSkillTreeSnapshot(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    // A tree read before the last tick was invalidated by it: that one is read again.
    const known = queryClient.getQueryState(queryKeys.skillTree);
    if (known?.data && !known.isInvalidated) return;
    void queryClient.prefetchQuery({
      queryKey: queryKeys.skillTree,
      queryFn: () => api.get<SkillTreeResponse>('/api/skill-tree'),
    });
  }, [queryClient]);
}
