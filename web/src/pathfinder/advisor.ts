import type {
  AdvisorMessage,
  AdvisorReply,
  Plan,
  PlanDraftResponse,
  QuestWithMilestones,
} from '@lifequest/proto';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError, api, postStreamingWithFallback } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { CHAT_CONNECTION_FAILURE } from '../chat/floatingChat.ts';
import { refreshQuests } from '../quests/questQueries.ts';
import { toast } from '../ui/toast/toastStore.ts';

export function usePlanDraft() {
  return useQuery({
    queryKey: queryKeys.planDraft,
    queryFn: () => api.get<PlanDraftResponse>('/api/plans/draft'),
  });
}

export function useAdvisorMessages() {
  return useQuery({
    queryKey: queryKeys.advisorMessages,
    queryFn: () => api.get<AdvisorMessage[]>('/api/advisor/messages'),
  });
}

export interface CoachLine {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * The AI Coach conversation: the stored history, then what is said on this page. A reply with a plan
 * (needs_confirmation) becomes the draft shown for confirmation. A refusal the hero can act on (the
 * daily AI budget, a message too long) is shown in its own words; anything else as the chat's
 * failure line.
 */
export function useCoachChat() {
  const queryClient = useQueryClient();
  const history = useAdvisorMessages();
  const [said, setSaid] = useState<CoachLine[] | null>(null);
  const [pending, setPending] = useState(false);
  const [streamed, setStreamed] = useState('');
  const inFlight = useRef(false);

  const lines: CoachLine[] = said ?? (history.data ?? []).map(({ role, content }) => ({ role, content }));

  async function send(text: string) {
    const message = text.trim();
    if (message === '' || inFlight.current) return;
    inFlight.current = true;
    const asked: CoachLine[] = [...lines, { role: 'user', content: message }];
    setSaid(asked);
    setPending(true);
    setStreamed('');
    try {
      const reply = await postStreamingWithFallback<AdvisorReply>(
        '/api/advisor/message',
        { message },
        {
          onDelta: (delta) => setStreamed((sofar) => sofar + delta),
          onRestart: () => setStreamed(''),
        },
      );
      setSaid([...asked, { role: 'assistant', content: reply.reply }]);
      const now = new Date().toISOString();
      queryClient.setQueryData<AdvisorMessage[]>(queryKeys.advisorMessages, (stored) => [
        ...(stored ?? []),
        { role: 'user', content: message, createdAt: now },
        { role: 'assistant', content: reply.reply, createdAt: now },
      ]);
      if (reply.needs_confirmation && reply.plan) {
        queryClient.setQueryData<PlanDraftResponse>(queryKeys.planDraft, {
          plan: reply.plan,
          draftId: reply.draftId,
        });
      }
    } catch (error) {
      const words =
        error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401
          ? error.message
          : CHAT_CONNECTION_FAILURE;
      setSaid([...asked, { role: 'assistant', content: words }]);
    } finally {
      setStreamed('');
      setPending(false);
      inFlight.current = false;
    }
  }

  return { lines, loading: history.isPending, pending, streamed, send };
}

/** Spec 4: Confirm creates the quest and clears the draft; the quest lists refresh (spec 7). */
export function useConfirmPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ plan, draftId }: { plan: Plan; draftId: string | null }) =>
      api.post<QuestWithMilestones>('/api/plans/confirm', { ...plan, draftId }),
    onSuccess: (quest) => {
      // The ai service clears its draft when it hears plan.confirmed; asking now could still find it.
      queryClient.setQueryData<PlanDraftResponse>(queryKeys.planDraft, { plan: null, draftId: null });
      refreshQuests(queryClient);
      toast({ title: 'Quest Created', description: `"${quest.goal.title}" is now on your dashboard.` });
    },
    onError: (error) => {
      toast({ title: 'Error', description: error.message, variant: 'destructive' });
    },
  });
}
