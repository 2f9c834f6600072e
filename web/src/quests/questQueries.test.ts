import { QueryClient } from '@tanstack/react-query';
import { expect, it } from 'vitest';
import { queryKeys } from '../api/queryKeys.ts';
import type { SkillTreeResponse } from '../skill-tree/types.ts';
import { refreshQuests } from './questQueries.ts';

const tree = (progress: number) =>
  ({ nodes: [{ id: 'knowledge_level_1', progress }] }) as unknown as SkillTreeResponse;

it('a read that began before a change and answers after it does not leave the old figures marked fresh', async () => {
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.skillTree, tree(8));
  await queryClient.invalidateQueries({ queryKey: queryKeys.skillTree });
  // The hero reaches for a milestone: the tree (off screen) is read; the server answers it before the
  // tick lands, but the answer arrives only after the tick's refresh.
  let answer!: (value: SkillTreeResponse) => void;
  const read = queryClient.prefetchQuery({
    queryKey: queryKeys.skillTree,
    queryFn: () => new Promise<SkillTreeResponse>((resolve) => (answer = resolve)),
  });
  refreshQuests(queryClient);
  answer(tree(8));
  await read;
  // The skill tree screen, opened now, must read the tree again.
  expect(queryClient.getQueryState(queryKeys.skillTree)?.isInvalidated).toBe(true);
});

it('a toggle drawn into a list while its read was on the way stays drawn', async () => {
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.goals, [{ id: 'g', progress: 0 }]);
  const read = queryClient.prefetchQuery({
    queryKey: queryKeys.goals,
    queryFn: () => new Promise<never>(() => {}),
  });
  queryClient.setQueryData(queryKeys.goals, [{ id: 'g', progress: 50 }]);
  refreshQuests(queryClient);
  await read;
  expect(queryClient.getQueryData(queryKeys.goals)).toEqual([{ id: 'g', progress: 50 }]);
  expect(queryClient.getQueryState(queryKeys.goals)?.isInvalidated).toBe(true);
});
