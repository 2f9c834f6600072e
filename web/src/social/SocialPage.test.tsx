import type { Challenge, FeedActivity, FriendRequest, LeaderboardEntry } from '@lifequest/proto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../api/queryKeys.ts';
import { mockApi, renderWithProviders, testUser } from '../test/render.tsx';
import { rankStyle } from './rankStyle.ts';
import SocialPage from './SocialPage.tsx';
import { SOCIAL_REFRESH_MS } from './socialQueries.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const ahead = (ms: number) => new Date(Date.now() + ms).toISOString();

const activity = (id: string, createdAt: string, overrides: Partial<FeedActivity> = {}): FeedActivity => ({
  id,
  type: 'milestone_reached',
  title: `Milestone ${id}`,
  description: 'Ran 3K without stopping',
  createdAt,
  likes: 2,
  hasLiked: false,
  user: { name: 'Borin', activeClassTitle: 'Vitality Warden' },
  isOwn: false,
  ...overrides,
});

const request = (id: string, name: string): FriendRequest => ({
  id,
  requester: { name, activeClassTitle: 'Sage Scholar', email_hint: 'b***n@example.com' },
  createdAt: ago(5 * MINUTE),
});

const challenge = (id: string, endDate: string, overrides: Partial<Challenge> = {}): Challenge => ({
  id,
  title: `Challenge ${id}`,
  description: 'Walk 10,000 steps a day',
  className: 'health',
  endDate,
  participantCount: 4,
  isParticipating: false,
  userProgress: null,
  targetValue: 30,
  userRank: null,
  ...overrides,
});

const entry = (rank: number, id: string, value: number): LeaderboardEntry => ({
  rank,
  value,
  user: { id, name: `Hero ${id}`, activeClassTitle: 'Pathfinder Initiate' },
});

const quietHall = {
  'GET /api/friends/requests': { body: [] },
  'GET /api/social/feed': { body: [] },
};

describe('rank styling', () => {
  it('gives ranks 1, 2 and 3 gold, silver and bronze with a trophy-type icon, and others none', () => {
    expect([1, 2, 3, 4].map((rank) => rankStyle(rank).tier)).toEqual(['gold', 'silver', 'bronze', null]);
    expect([1, 2, 3].every((rank) => rankStyle(rank).icon !== null)).toBe(true);
    expect(rankStyle(4).icon).toBeNull();
    expect(rankStyle(1).badge).not.toBe(rankStyle(2).badge);
  });
});

describe('Fellowship Hall', () => {
  it('opens on the feed with time labels and refreshes each list at its own pace', async () => {
    mockApi({
      'GET /api/friends/requests': { body: [] },
      'GET /api/social/feed': {
        body: [
          activity('a1', ago(20_000)),
          activity('a2', ago(5.5 * MINUTE)),
          activity('a3', ago(3.5 * HOUR)),
          activity('a4', ago(2.5 * DAY)),
          // A clock a little ahead of ours still reads as just now.
          activity('a5', ahead(10_000)),
        ],
      },
    });
    const { queryClient } = renderWithProviders(<SocialPage />, { user: testUser });
    expect(screen.getByRole('heading', { name: 'Fellowship Hall' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Feed' }).getAttribute('aria-selected')).toBe('true');
    await screen.findByText('Milestone a1');
    expect(screen.getAllByTestId('time-label').map((label) => label.textContent)).toEqual([
      'Just now',
      '5m ago',
      '3h ago',
      '2d ago',
      'Just now',
    ]);

    // The observer's options carry the interval; the cache keeps only the query's own.
    const interval = (queryKey: readonly unknown[]) =>
      (queryClient.getQueryCache().find({ queryKey })?.observers[0]?.options as { refetchInterval?: number })
        ?.refetchInterval;
    expect(interval(queryKeys.feed)).toBe(15_000);
    expect(interval(queryKeys.friendRequests)).toBe(10_000);
    expect(SOCIAL_REFRESH_MS).toEqual({
      requests: 10_000,
      feed: 15_000,
      leaderboard: 30_000,
      friends: 60_000,
      challenges: 60_000,
    });
  });

  it('likes an activity and takes the count from the server', async () => {
    const { callsTo } = mockApi({
      ...quietHall,
      'GET /api/social/feed': { body: [activity('a1', ago(MINUTE * 2))] },
      'POST /api/social/activities/a1/like': { body: { liked: true, likes: 3 } },
    });
    renderWithProviders(<SocialPage />, { user: testUser });
    const like = await screen.findByRole('button', { name: /^Like: Milestone a1,/ });
    expect(like.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    expect(within(like).getByTestId('like-count').textContent).toBe('3');
    expect(callsTo('POST', '/api/social/activities/a1/like')).toHaveLength(1);
  });

  it('undoes a like the server refused', async () => {
    mockApi({
      ...quietHall,
      'GET /api/social/feed': { body: [activity('a1', ago(MINUTE * 2))] },
      'POST /api/social/activities/a1/like': { status: 404, body: { error: 'Activity not found' } },
    });
    renderWithProviders(<SocialPage />, { user: testUser });
    const like = await screen.findByRole('button', { name: /^Like: Milestone a1,/ });
    fireEvent.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('false'));
    expect(within(like).getByTestId('like-count').textContent).toBe('2');
  });

  it('shows a red count on Requests while requests are pending, and none without', async () => {
    mockApi({
      ...quietHall,
      'GET /api/friends/requests': { body: [request('r1', 'Cyra'), request('r2', 'Dain')] },
    });
    const { unmount } = renderWithProviders(<SocialPage />, { user: testUser });
    const badge = await screen.findByTestId('requests-badge');
    expect(badge.textContent).toBe('2 pending');
    expect(badge.className).toContain('bg-red-600');
    unmount();

    mockApi(quietHall);
    renderWithProviders(<SocialPage />, { user: testUser });
    await screen.findByText('The hall is quiet');
    expect(screen.queryByTestId('requests-badge')).toBeNull();
  });

  it("accepts with 'Friend Added!' and rejects with 'Request Declined'", async () => {
    let pending = [request('r1', 'Cyra'), request('r2', 'Dain')];
    const { callsTo } = mockApi({
      'GET /api/social/feed': { body: [] },
      'GET /api/friends': { body: [] },
      'GET /api/friends/requests': () => ({ body: pending }),
      'PATCH /api/friends/requests/r1': () => {
        pending = pending.filter((r) => r.id !== 'r1');
        return { body: { status: 'accepted' } };
      },
      'PATCH /api/friends/requests/r2': () => {
        pending = pending.filter((r) => r.id !== 'r2');
        return { body: { status: 'rejected' } };
      },
    });
    renderWithProviders(<SocialPage />, { user: testUser, route: '/social?tab=requests' });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept', description: 'Cyra' }));
    expect(await screen.findByText('Friend Added!')).toBeTruthy();
    expect(callsTo('PATCH', '/api/friends/requests/r1')[0]?.body).toEqual({ action: 'accept' });

    fireEvent.click(await screen.findByRole('button', { name: 'Reject', description: 'Dain' }));
    expect(await screen.findByText('Request Declined')).toBeTruthy();
    expect(callsTo('PATCH', '/api/friends/requests/r2')[0]?.body).toEqual({ action: 'reject' });
    expect(await screen.findByText('No pending requests')).toBeTruthy();
  });

  it('keeps Add Friend disabled while the e-mail is empty, then sends the request', async () => {
    const { callsTo } = mockApi({
      ...quietHall,
      'GET /api/friends': {
        body: [
          {
            id: 'u2',
            name: 'Borin',
            activeClassTitle: 'Vitality Warden',
            lifeLevel: 3,
            totalXP: 420,
            friend_streak: 4,
          },
        ],
      },
      'POST /api/friends/request': { status: 201, body: { status: 'pending', requestId: 'r9' } },
    });
    renderWithProviders(<SocialPage />, { user: testUser, route: '/social?tab=friends' });
    expect(await screen.findByText('Borin')).toBeTruthy();
    expect(screen.getByText('Level 3')).toBeTruthy();
    expect(screen.getByTestId('friend-streak').textContent).toBe('4 together');
    const email = screen.getByLabelText("Friend's e-mail") as HTMLInputElement;
    const add = screen.getByRole('button', { name: 'Add Friend' });
    expect(email.type).toBe('email');
    expect(add.hasAttribute('disabled')).toBe(true);
    fireEvent.change(email, { target: { value: '   ' } });
    expect(add.hasAttribute('disabled')).toBe(true);

    fireEvent.change(email, { target: { value: 'cyra@example.com' } });
    fireEvent.click(add);
    expect(await screen.findByText('Friend Request Sent')).toBeTruthy();
    expect(callsTo('POST', '/api/friends/request')[0]?.body).toEqual({ email: 'cyra@example.com' });
    await waitFor(() => expect(email.value).toBe(''));
  });

  it("shows a destructive 'Error' toast with the server's message when a request fails", async () => {
    mockApi({
      ...quietHall,
      'GET /api/friends': { body: [] },
      'POST /api/friends/request': {
        status: 404,
        body: { error: 'No hero with that e-mail', message: 'x', code: 'FRIEND_NOT_FOUND' },
      },
    });
    renderWithProviders(<SocialPage />, { user: testUser, route: '/social?tab=friends' });
    fireEvent.change(await screen.findByLabelText("Friend's e-mail"), {
      target: { value: 'nobody@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add Friend' }));
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByText('No hero with that e-mail')).toBeTruthy();
    expect(document.querySelector('[data-variant="destructive"]')).not.toBeNull();
  });

  it('ranks with gold, silver and bronze, switching between XP and level and everyone and friends', async () => {
    const { calls } = mockApi({
      ...quietHall,
      'GET /api/leaderboard': (call) => {
        const type = new URL(call.path, 'http://x').searchParams.get('type');
        return {
          body:
            type === 'level'
              ? [entry(1, 'u1', 7)]
              : [
                  entry(1, 'u2', 900),
                  entry(2, 'u1', 700),
                  entry(3, 'u3', 650),
                  entry(4, 'u4', 100),
                  entry(9, testUser.id, 20),
                ],
        };
      },
    });
    renderWithProviders(<SocialPage />, { user: testUser, route: '/social?tab=leaderboard' });
    await screen.findByText('Hero u2');
    const rows = [...document.querySelectorAll<HTMLElement>('li[data-rank]')];
    expect(rows.map((row) => row.dataset.tier)).toEqual(['gold', 'silver', 'bronze', 'none', 'none']);
    expect(within(rows[0] as HTMLElement).getByRole('img', { name: 'gold trophy' })).toBeTruthy();
    expect(within(rows[3] as HTMLElement).queryByRole('img')).toBeNull();
    expect(within(rows[0] as HTMLElement).getByTestId('rank-value').textContent).toBe('900 XP');
    expect(within(rows[4] as HTMLElement).getByText('(you)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Level' }));
    expect(await screen.findByText('Level 7')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Friends' }));
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain('/api/leaderboard?type=level&scope=friends'),
    );
    expect(calls.map((call) => call.path)).toContain('/api/leaderboard?type=total_xp&scope=global');
  });

  it('ranks by the current streak too (GET /api/leaderboard?type=streak), in days', async () => {
    const { calls } = mockApi({
      ...quietHall,
      'GET /api/leaderboard': (call) => {
        const type = new URL(call.path, 'http://x').searchParams.get('type');
        return { body: type === 'streak' ? [entry(1, 'u2', 12), entry(2, 'u1', 1)] : [entry(1, 'u2', 900)] };
      },
    });
    renderWithProviders(<SocialPage />, { user: testUser, route: '/social?tab=leaderboard' });
    await screen.findByText('900 XP');
    fireEvent.click(screen.getByRole('button', { name: 'Streak' }));
    expect(await screen.findByText('12 days')).toBeTruthy();
    expect(screen.getByText('1 day')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Rankings by streak' })).toBeTruthy();
    expect(calls.map((call) => call.path)).toContain('/api/leaderboard?type=streak&scope=global');
  });

  it("rounds days left up, says 'Ending soon' at 0 or less, and shows progress and rank once joined", async () => {
    let joined = false;
    mockApi({
      ...quietHall,
      'GET /api/challenges': () => ({
        body: [
          challenge('c1', ahead(1.2 * DAY)),
          challenge('c2', ahead(0.3 * DAY)),
          challenge('c3', ago(HOUR)),
          challenge(
            'c4',
            ahead(2.9 * DAY),
            joined ? { isParticipating: true, userProgress: 12, userRank: 2 } : {},
          ),
        ],
      }),
      'POST /api/challenges/c4/join': () => {
        joined = true;
        return { body: { ok: true } };
      },
    });
    renderWithProviders(<SocialPage />, { user: testUser, route: '/social?tab=challenges' });
    await screen.findByText('Challenge c1');
    expect(screen.getAllByTestId('days-left').map((label) => label.textContent)).toEqual([
      '2 days left',
      '1 day left',
      'Ending soon',
      '3 days left',
    ]);
    // Once joined, the hero's challenge comes first.
    fireEvent.click(screen.getByRole('button', { name: 'Join Challenge', description: 'Challenge c4' }));
    expect(await screen.findByText('Challenge Joined!')).toBeTruthy();
    const progress = await screen.findByTestId('challenge-progress');
    expect(screen.getAllByTestId('challenge')[0]?.contains(progress)).toBe(true);
    expect(within(progress).getByText('12/30')).toBeTruthy();
    expect(within(progress).getByText('Rank #2')).toBeTruthy();
  });

  it("asks for active challenges and shows 'Error' with the server's message when joining fails", async () => {
    const { callsTo } = mockApi({
      ...quietHall,
      'GET /api/challenges': { body: [challenge('c1', ahead(3 * DAY))] },
      'POST /api/challenges/c1/join': {
        status: 404,
        body: { error: 'Challenge not found', message: 'x', code: 'CHALLENGE_NOT_FOUND' },
      },
    });
    renderWithProviders(<SocialPage />, { user: testUser, route: '/social?tab=challenges' });
    fireEvent.click(await screen.findByRole('button', { name: 'Join Challenge' }));
    expect(await screen.findByText('Challenge not found')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(callsTo('GET', '/api/challenges?active=true')).toHaveLength(1);
  });
});

describe('a hero’s controls in the Hall', () => {
  it('offers Remove from the Hall on the hero’s own entries only, after a confirmation', async () => {
    let feed = [activity('mine', ago(MINUTE), { isOwn: true }), activity('theirs', ago(2 * MINUTE))];
    const { callsTo } = mockApi({
      ...quietHall,
      'GET /api/social/feed': () => ({ body: feed }),
      'DELETE /api/social/activities/mine': () => {
        feed = feed.filter((a) => a.id !== 'mine');
        return { status: 204 };
      },
    });
    renderWithProviders(<SocialPage />, { user: testUser });
    const remove = await screen.findByRole('button', { name: 'Remove from the Hall: Milestone mine' });
    expect(screen.queryByRole('button', { name: 'Remove from the Hall: Milestone theirs' })).toBeNull();
    fireEvent.click(remove);
    const dialog = await screen.findByRole('alertdialog');
    expect(callsTo('DELETE', '/api/social/activities/mine')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Milestone mine')).toBeNull());
    expect(callsTo('DELETE', '/api/social/activities/mine')).toHaveLength(1);
    expect(screen.getByText('Milestone theirs')).toBeTruthy();
  });

  it('unfriends and blocks from the Friends tab, each after a confirmation', async () => {
    let friends = [
      { id: 'u2', name: 'Borin', activeClassTitle: 'Vitality Warden', lifeLevel: 3, totalXP: 420 },
      { id: 'u3', name: 'Cyra', activeClassTitle: 'Sage Scholar', lifeLevel: 2, totalXP: 150 },
    ];
    let blocks: { id: string; name: string; activeClassTitle: string; blockedAt: string }[] = [];
    const { callsTo } = mockApi({
      ...quietHall,
      'GET /api/friends': () => ({ body: friends }),
      'GET /api/blocks': () => ({ body: blocks }),
      'DELETE /api/friends/u2': () => {
        friends = friends.filter((f) => f.id !== 'u2');
        return { status: 204 };
      },
      'POST /api/blocks': () => {
        friends = friends.filter((f) => f.id !== 'u3');
        blocks = [{ id: 'u3', name: 'Cyra', activeClassTitle: 'Sage Scholar', blockedAt: ago(0) }];
        return { status: 204 };
      },
    });
    renderWithProviders(<SocialPage />, { user: testUser, route: '/social?tab=friends' });
    fireEvent.click(await screen.findByRole('button', { name: 'Unfriend Borin' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Borin leaves your friends/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unfriend' }));
    expect(await screen.findByText('Friend Removed')).toBeTruthy();
    expect(callsTo('DELETE', '/api/friends/u2')).toHaveLength(1);

    fireEvent.click(await screen.findByRole('button', { name: 'Block Cyra' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Hero Blocked')).toBeTruthy();
    expect(callsTo('POST', '/api/blocks')[0]?.body).toEqual({ user_id: 'u3' });
    const blocked = await screen.findByRole('list', { name: 'Blocked heroes' });
    expect(within(blocked).getByText('Cyra')).toBeTruthy();
  });

  it('shows who asks: the sender’s masked address under the name', async () => {
    mockApi({ ...quietHall, 'GET /api/friends/requests': { body: [request('r1', 'Borin')] } });
    renderWithProviders(<SocialPage />, { user: testUser, route: '/social?tab=requests' });
    expect((await screen.findByTestId('email-hint')).textContent).toBe('b***n@example.com');
  });

  it('tells a hero who left the rankings that the global board hides them', async () => {
    mockApi({ ...quietHall, 'GET /api/leaderboard': { body: [entry(1, 'u2', 900)] } });
    renderWithProviders(<SocialPage />, {
      user: { ...testUser, showInRankings: false },
      route: '/social?tab=leaderboard',
    });
    expect((await screen.findByTestId('hidden-from-rankings')).textContent).toContain(
      'You are hidden from the global rankings',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Friends' }));
    await waitFor(() => expect(screen.queryByTestId('hidden-from-rankings')).toBeNull());
  });
});
