import type {
  BlockedHero,
  Challenge,
  FeedActivity,
  Friend,
  FriendRequest,
  FriendRequestResult,
  LeaderboardEntry,
  LeaderboardType,
  LikeResult,
} from '@lifequest/proto';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/http.ts';
import { queryKeys } from '../api/queryKeys.ts';
import { errorTextNow, translate } from '../i18n/translate.ts';
import { toast } from '../ui/toast/toastStore.ts';

/** How often each list of the Fellowship Hall is read again while it is on screen. */
export const SOCIAL_REFRESH_MS = {
  requests: 10_000,
  feed: 15_000,
  leaderboard: 30_000,
  friends: 60_000,
  challenges: 60_000,
} as const;

export type RankingScope = 'global' | 'friends';

export function useFeed() {
  return useQuery({
    queryKey: queryKeys.feed,
    queryFn: () => api.get<FeedActivity[]>('/api/social/feed'),
    refetchInterval: SOCIAL_REFRESH_MS.feed,
  });
}

export function useLeaderboard(type: LeaderboardType, scope: RankingScope) {
  return useQuery({
    queryKey: queryKeys.leaderboard(type, scope),
    queryFn: () =>
      api.get<LeaderboardEntry[]>(`/api/leaderboard?${new URLSearchParams({ type, scope }).toString()}`),
    refetchInterval: SOCIAL_REFRESH_MS.leaderboard,
  });
}

export function useFriends() {
  return useQuery({
    queryKey: queryKeys.friends,
    queryFn: () => api.get<Friend[]>('/api/friends'),
    refetchInterval: SOCIAL_REFRESH_MS.friends,
  });
}

export function useFriendRequests() {
  return useQuery({
    queryKey: queryKeys.friendRequests,
    queryFn: () => api.get<FriendRequest[]>('/api/friends/requests'),
    refetchInterval: SOCIAL_REFRESH_MS.requests,
  });
}

export function useBlocks() {
  return useQuery({
    queryKey: queryKeys.blocks,
    queryFn: () => api.get<BlockedHero[]>('/api/blocks'),
  });
}

export function useChallenges() {
  return useQuery({
    queryKey: queryKeys.challenges,
    queryFn: () => api.get<Challenge[]>('/api/challenges?active=true'),
    refetchInterval: SOCIAL_REFRESH_MS.challenges,
  });
}

/** A new friendship changes the friends list, the requests, the friends' rankings and the feed. */
function refreshFellowship(queryClient: QueryClient): void {
  for (const queryKey of [
    queryKeys.friends,
    queryKeys.friendRequests,
    queryKeys.leaderboards,
    queryKeys.feed,
    queryKeys.blocks,
    queryKeys.challenges,
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

function errorToast(error: Error): void {
  toast({ title: translate('toast.error'), description: errorTextNow(error), variant: 'destructive' });
}

function withLike(feed: FeedActivity[] | undefined, id: string, liked: boolean, likes?: number) {
  return feed?.map((activity) =>
    activity.id === id
      ? {
          ...activity,
          hasLiked: liked,
          likes: likes ?? Math.max(0, activity.likes + (liked ? 1 : -1)),
        }
      : activity,
  );
}

/**
 * A like shows at once and the server's count replaces it when it answers (a second like takes it
 * back). Likes show no error message: a like that fails is simply undone.
 */
export function useLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (activity: FeedActivity) =>
      api.post<LikeResult>(`/api/social/activities/${encodeURIComponent(activity.id)}/like`),
    onMutate: (activity) => {
      queryClient.setQueryData<FeedActivity[]>(queryKeys.feed, (feed) =>
        withLike(feed, activity.id, !activity.hasLiked),
      );
    },
    onSuccess: (result, activity) => {
      queryClient.setQueryData<FeedActivity[]>(queryKeys.feed, (feed) =>
        withLike(feed, activity.id, result.liked, result.likes),
      );
    },
    onError: (_error, activity) => {
      queryClient.setQueryData<FeedActivity[]>(queryKeys.feed, (feed) =>
        feed?.map((item) => (item.id === activity.id ? activity : item)),
      );
    },
  });
}

/** POST /api/friends/request `{email}`. If that hero had already asked, the two become friends at once. */
export function useAddFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => api.post<FriendRequestResult>('/api/friends/request', { email }),
    onSuccess: (result, email) => {
      refreshFellowship(queryClient);
      if (result.status === 'accepted') {
        toast({
          title: translate('toast.friendAdded'),
          description: translate('toast.bothAsked', { email }),
        });
      } else {
        toast({
          title: translate('toast.requestSent'),
          description: translate('toast.requestSent.body', { email }),
        });
      }
    },
    onError: errorToast,
  });
}

export function useAnswerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ request, action }: { request: FriendRequest; action: 'accept' | 'reject' }) =>
      api.patch<unknown>(`/api/friends/requests/${encodeURIComponent(request.id)}`, { action }),
    onSuccess: (_result, { request, action }) => {
      refreshFellowship(queryClient);
      if (action === 'accept') {
        toast({
          title: translate('toast.friendAdded'),
          description: translate('toast.joined', { name: request.requester.name }),
        });
      } else {
        toast({
          title: translate('toast.declined'),
          description: translate('toast.declined.body', { name: request.requester.name }),
        });
      }
    },
    // No message is prescribed here; the server's words are shown rather than nothing.
    onError: errorToast,
  });
}

/** A hero removes one of their own entries from the Hall: it leaves every friend's feed. */
export function useRemoveActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (activity: FeedActivity) =>
      api.delete<unknown>(`/api/social/activities/${encodeURIComponent(activity.id)}`),
    onSuccess: (_result, activity) => {
      queryClient.setQueryData<FeedActivity[]>(queryKeys.feed, (feed) =>
        feed?.filter((item) => item.id !== activity.id),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.feed });
      toast({
        title: translate('toast.removed'),
        description: translate('toast.removed.body', { title: activity.title }),
      });
    },
    onError: errorToast,
  });
}

/** Ends a friendship: both heroes leave each other's lists, feeds and friends' rankings. */
export function useUnfriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (friend: Friend) => api.delete<unknown>(`/api/friends/${encodeURIComponent(friend.id)}`),
    onSuccess: (_result, friend) => {
      refreshFellowship(queryClient);
      toast({
        title: translate('toast.unfriended'),
        description: translate('toast.unfriended.body', { name: friend.name }),
      });
    },
    onError: errorToast,
  });
}

/** Blocks a hero: unfriends, and hides each from the other's feed, likes, rankings and requests. */
export function useBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hero: { id: string; name: string }) =>
      api.post<unknown>('/api/blocks', { user_id: hero.id }),
    onSuccess: (_result, hero) => {
      refreshFellowship(queryClient);
      toast({
        title: translate('toast.blocked'),
        description: translate('toast.blocked.body', { name: hero.name }),
      });
    },
    onError: errorToast,
  });
}

export function useUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hero: BlockedHero) => api.delete<unknown>(`/api/blocks/${encodeURIComponent(hero.id)}`),
    onSuccess: (_result, hero) => {
      refreshFellowship(queryClient);
      toast({
        title: translate('toast.unblocked'),
        description: translate('toast.unblocked.body', { name: hero.name }),
      });
    },
    onError: errorToast,
  });
}

export function useJoinChallenge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (challenge: Challenge) =>
      api.post<unknown>(`/api/challenges/${encodeURIComponent(challenge.id)}/join`),
    onSuccess: (_result, challenge) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.challenges });
      void queryClient.invalidateQueries({ queryKey: queryKeys.feed });
      toast({
        title: translate('toast.challengeJoined'),
        description: translate('toast.challengeJoined.body', { title: challenge.title }),
      });
    },
    onError: errorToast,
  });
}
