// The AI Coach (advisor) of the Pathfinder page. Talks to the ai service's advisor
// (services/ai/src/advisor/: POST /api/advisor/message, GET /api/advisor/messages, GET /api/plans/draft)
// and confirms a plan with quests (services/quests/src/plans/: POST /api/plans/confirm).
import type {
  AdvisorMessage,
  AdvisorReply,
  AiProviderInfo,
  Plan,
  PlanDraftResponse,
  QuestWithMilestones,
} from '@lifequest/proto';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, useSyncExternalStore } from 'react';
import { ApiError, api, postStreamingWithFallback } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { chatConnectionFailure } from '../chat/floatingChat.ts';
import { errorTextNow, translate } from '../i18n/translate.ts';
import { useLocale } from '../i18n/useT.ts';
import { refreshQuests } from '../quests/questQueries.ts';
import { rewardsStore } from '../rewards/rewardsStore.ts';
import { toast } from '../ui/toast/toastStore.ts';

/**
 * Which Pathfinder answers and the languages it writes (GET /api/ai/provider): the page says it speaks
 * English only when it does (docs/features/languages.md). It does not change while the app runs.
 */
export function useAiProvider() {
  return useQuery({
    queryKey: queryKeys.aiProvider,
    queryFn: () => api.get<AiProviderInfo>('/api/ai/provider'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * Whether the Pathfinder cannot write the hero's language (the offline engine writes English only; a
 * model answers in the hero's language): the Pathfinder page and onboarding's chat then say so. False
 * until the provider is known, and always in English.
 */
export function usePathfinderEnglishOnly(): boolean {
  const locale = useLocale();
  const languages = useAiProvider().data?.languages;
  return locale !== 'en' && languages !== undefined && !languages.includes(locale);
}

export function usePlanDraft() {
  return useQuery({
    queryKey: queryKeys.planDraft,
    queryFn: () => api.get<PlanDraftResponse>('/api/plans/draft'),
  });
}

/**
 * Drafts the hero cancelled ("Cancel hides the panel": docs/product.md#pathfinder), by draft id, kept for the rest of the
 * visit: the plan and the Chat tab's 'plan waiting' stay hidden across tab and screen changes, and a
 * new draft shows again. A reload is a new visit, where the draft fetched on load is shown (docs/product.md#pathfinder).
 *
 * Client-side on purpose: the API has no call that discards a draft (GET /api/plans/draft and
 * POST /api/plans/confirm only), and the ai service keeps one draft per hero until it is confirmed or
 * replaced by the coach's next plan, so a kept draft costs nothing and changes no other screen.
 * One set per QueryClient, which lives as long as the page (and a test's as long as the test).
 */
interface CancelledDrafts {
  has: (key: string) => boolean;
  cancel: (key: string) => void;
  subscribe: (listener: () => void) => () => void;
  version: () => number;
}

const cancelledDraftsByClient = new WeakMap<QueryClient, CancelledDrafts>();

function cancelledDraftsOf(queryClient: QueryClient): CancelledDrafts {
  let store = cancelledDraftsByClient.get(queryClient);
  if (!store) {
    const keys = new Set<string>();
    const listeners = new Set<() => void>();
    let version = 0;
    store = {
      has: (key) => keys.has(key),
      cancel: (key) => {
        keys.add(key);
        version += 1;
        for (const listener of listeners) listener();
      },
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      version: () => version,
    };
    cancelledDraftsByClient.set(queryClient, store);
  }
  return store;
}

/** The draft plan waiting for Confirm (docs/product.md#pathfinder), unless the hero cancelled it during this visit. */
export function useWaitingPlan() {
  const draft = usePlanDraft();
  const cancelled = cancelledDraftsOf(useQueryClient());
  useSyncExternalStore(cancelled.subscribe, cancelled.version, cancelled.version);
  const plan = draft.data?.plan ?? null;
  const draftId = draft.data?.draftId ?? null;
  // A draft is named by its id; a plan sent without one (an older server) by its contents.
  const key = plan ? (draftId ?? JSON.stringify(plan)) : null;
  const waiting = key !== null && !cancelled.has(key);
  return {
    plan: waiting ? plan : null,
    draftId,
    /** Changes with each new draft shown. */
    key: waiting ? key : null,
    cancel: () => {
      if (key !== null) cancelled.cancel(key);
    },
  };
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
          ? errorTextNow(error)
          : chatConnectionFailure();
      setSaid([...asked, { role: 'assistant', content: words }]);
    } finally {
      setStreamed('');
      setPending(false);
      inFlight.current = false;
    }
  }

  return { lines, loading: history.isPending, pending, streamed, send };
}

/** Confirm creates the quest and clears the draft; the quest lists refresh (docs/product.md#pathfinder). */
export function useConfirmPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ plan, draftId }: { plan: Plan; draftId: string | null }) =>
      api.post<QuestWithMilestones>('/api/plans/confirm', { ...plan, draftId }),
    onSuccess: (quest, { plan }) => {
      // The ai service clears its draft when it hears plan.confirmed; asking now could still find it.
      queryClient.setQueryData<PlanDraftResponse>(queryKeys.planDraft, { plan: null, draftId: null });
      refreshQuests(queryClient);
      // A re-plan (the plan names its quest) updated that quest rather than creating one.
      const values = { title: quest.goal.title };
      toast(
        plan.goal_id
          ? { title: translate('replan.done'), description: translate('replan.done.body', values) }
          : {
              title: translate('pathfinder.toast.created'),
              description: translate('pathfinder.toast.created.body', values),
            },
      );
      rewardsStore.celebrate({ planTitle: quest.goal.title });
    },
    onError: (error) => {
      toast({ title: translate('toast.error'), description: errorTextNow(error), variant: 'destructive' });
    },
  });
}
