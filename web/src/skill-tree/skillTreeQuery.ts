import { useQuery } from '@tanstack/react-query';
import { api } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
import type { SkillTreeResponse } from './types.ts';

export function useSkillTree(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.skillTree,
    queryFn: () => api.get<SkillTreeResponse>('/api/skill-tree'),
    enabled,
  });
}
