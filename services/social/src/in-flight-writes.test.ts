import type { Challenge } from '@lifequest/proto';
import { expect, it } from 'vitest';
import { useSocial } from './testing/test-kit.ts';

// A hero's request that passed the gateway before their deletion may reach social after the purge
// (docs/features/data-ownership.md#deletion): it must not bring a row of theirs back.
const social = useSocial();

it('a request arriving after the hero’s purge is refused (401) and leaves no row naming them', async () => {
  const gone = await social.newHero('Gone Soon');
  const friend = await social.newHero('Stays');
  const [challenge] = (await gone.get<Challenge[]>('/api/challenges')).body;
  await social.publish('user.deleted', { userId: gone.userId });

  const join = await gone.post(`/api/challenges/${challenge!.id}/join`);
  expect(join.status).toBe(401);
  expect(join.body).toMatchObject({ code: 'UNAUTHENTICATED' });
  const request = await gone.post('/api/friends/request', { email: friend.email });
  expect([401, 404]).toContain(request.status);

  // Nor a vacation or a block of theirs (the blocked hero is one social still knows).
  const until = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  expect((await gone.json('PUT', '/api/streaks/vacation', { until })).status).toBe(401);
  expect((await gone.post('/api/blocks', { user_id: friend.userId })).status).toBe(401);

  const named = await social.svc.database.query(
    `select 'vacation' from social.streak_vacations where user_id = $1 union all
     select 'block' from social.blocks where user_id = $1 or blocked_id = $1 union all
     select 'participant' from social.challenge_participants where user_id = $1 union all
     select 'request' from social.friend_requests where requester_id = $1 or addressee_id = $1 union all
     select 'quota' from social.friend_request_quota where user_id = $1 union all
     select 'activity' from social.activities where user_id = $1`,
    [gone.userId],
  );
  expect(named).toEqual([]);
  expect((await friend.post(`/api/challenges/${challenge!.id}/join`)).status).toBeLessThan(300);
});
