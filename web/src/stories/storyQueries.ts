// Achievement stories. Talks to the ai service's stories (services/ai/src/stories/: GET
// /api/narrative/history, POST /api/narrative/generate).
import type { StoryHistoryItem, StoryStillWriting } from '@lifequest/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, isRecord } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { localeStore } from '../i18n/localeStore.ts';
import { errorTextNow, translate } from '../i18n/translate.ts';
import { toast } from '../ui/toast/toastStore.ts';

export function useStoryHistory() {
  return useQuery({
    queryKey: queryKeys.storyHistory,
    queryFn: () => api.get<StoryHistoryItem[]>('/api/narrative/history'),
  });
}

/** How often a story still being written is asked after, and for how long before the page stops asking. */
export const STORY_POLL_MS = 2_000;
export const STORY_POLL_LIMIT = 150;

type StoryAnswer = { story: StoryHistoryItem } | StoryStillWriting;

function isWritten(answer: StoryAnswer): answer is { story: StoryHistoryItem } {
  return 'story' in answer;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Writes a story: POST /api/narrative/generate with `{achievement_id}`, or no body for the epic story
 * of all achievements (docs/product.md#stories). The server waits a while for the writer and answers 201 with the story;
 * when the writer needs longer it answers 202 with a job id, asked after every 2 s until the story is
 * there. `null` means the page stopped asking: the story still appears in the chronicles once written.
 */
export async function writeStory(
  achievementId: string | null,
  pollMs = STORY_POLL_MS,
): Promise<StoryHistoryItem | null> {
  let answer = await api.post<StoryAnswer>(
    '/api/narrative/generate',
    achievementId === null ? undefined : { achievement_id: achievementId },
  );
  for (let polls = 0; !isWritten(answer); polls++) {
    if (polls >= STORY_POLL_LIMIT) return null;
    await sleep(pollMs);
    answer = await api.get<StoryAnswer>(`/api/narrative/jobs/${encodeURIComponent(answer.jobId)}`);
  }
  return answer.story;
}

export function useWriteStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (achievementId: string | null) => writeStory(achievementId),
    onSuccess: (story) => {
      if (story) {
        queryClient.setQueryData<StoryHistoryItem[]>(queryKeys.storyHistory, (list) =>
          list && !list.some((item) => item.id === story.id) ? [story, ...list] : list,
        );
        toast({ title: translate('stories.written'), description: translate('stories.written.body') });
      } else {
        toast({
          title: translate('stories.stillWriting'),
          description: translate('stories.stillWriting.body'),
        });
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.storyHistory });
    },
    onError: (error) => {
      toast({ title: translate('stories.failed'), description: storyFailure(error), variant: 'destructive' });
    },
  });
}

/**
 * Why a story was not written, in the server's words: its `message` says what to do (complete a
 * milestone first, wait for midnight UTC), where the short `error` only names the refusal. The page shows
 * story errors; other failures keep the error's own text. In Spanish or German, the code's text.
 */
function storyFailure(error: Error): string {
  // In another language the refusal's code says it (errorTextNow); the server's message is English.
  if (localeStore.current() !== 'en') return errorTextNow(error);
  const message = error instanceof ApiError && isRecord(error.body) ? error.body.message : undefined;
  return typeof message === 'string' && message.trim() !== '' ? message : error.message;
}
