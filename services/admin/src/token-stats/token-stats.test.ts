import { TOKEN_STATS_DAYS, type TokenStats } from '@lifequest/proto';
import { expect, it } from 'vitest';
import { recordUsage, registerHero, useAdmin } from '../testing/test-kit.ts';
import { DELETED_HEROES } from './service.ts';

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

const h = useAdmin();

it('GET /api/admin/token-stats sums the last 30 days: totals, per day and endpoint, per model, top spenders', async () => {
  const empty = await h.admin().get<TokenStats>('/api/admin/token-stats');
  expect(empty.status).toBe(200);
  expect(empty.body).toEqual({
    total_stats: { total_cost: 0, total_tokens: 0, total_requests: 0 },
    daily_stats: [],
    by_model: [],
    top_spenders: [],
  });

  const aria = await registerHero(h, 'Aria');
  const bram = await registerHero(h, 'Bram');
  const now = new Date();
  const lastDay = new Date(now.getTime() - (TOKEN_STATS_DAYS - 1) * DAY);
  await recordUsage(h, aria.id, { endpoint: 'advisor', model: 'gpt-4o', tokens: 1000, cost: 0.02, at: now });
  await recordUsage(h, aria.id, {
    endpoint: 'advisor',
    model: 'gpt-4o-mini',
    tokens: 500,
    cost: 0.001,
    at: now,
  });
  await recordUsage(h, bram.id, {
    endpoint: 'stories',
    model: 'gpt-4o-mini',
    tokens: 300,
    cost: 0.0005,
    at: now,
  });
  await recordUsage(h, bram.id, {
    endpoint: 'advisor',
    model: 'gpt-4o-mini',
    tokens: 200,
    cost: 0.0004,
    at: lastDay,
  });
  // Older than the window: in no figure.
  await recordUsage(h, aria.id, {
    endpoint: 'advisor',
    model: 'gpt-4o',
    tokens: 99_999,
    cost: 9,
    at: new Date(now.getTime() - 40 * DAY),
  });
  // A call whose hero is gone: counted, under 'Deleted heroes'.
  await recordUsage(h, null, { endpoint: 'stories', model: 'gpt-4o', tokens: 2000, cost: 0.03, at: now });

  const { status, body } = await h.admin().get<TokenStats>('/api/admin/token-stats');
  expect(status).toBe(200);
  expect(body.total_stats).toEqual({
    total_cost: expect.closeTo(0.0519, 10),
    total_tokens: 4000,
    total_requests: 5,
  });
  expect(body.daily_stats).toEqual([
    {
      date: isoDay(now),
      endpoint: 'advisor',
      request_count: 2,
      total_tokens: 1500,
      total_cost: expect.closeTo(0.021, 10),
    },
    {
      date: isoDay(now),
      endpoint: 'stories',
      request_count: 2,
      total_tokens: 2300,
      total_cost: expect.closeTo(0.0305, 10),
    },
    {
      date: isoDay(lastDay),
      endpoint: 'advisor',
      request_count: 1,
      total_tokens: 200,
      total_cost: expect.closeTo(0.0004, 10),
    },
  ]);
  expect(body.by_model).toEqual([
    { model: 'gpt-4o', request_count: 2, total_tokens: 3000, total_cost: expect.closeTo(0.05, 10) },
    { model: 'gpt-4o-mini', request_count: 3, total_tokens: 1000, total_cost: expect.closeTo(0.0019, 10) },
  ]);
  expect(body.top_spenders).toEqual([
    {
      user_id: null,
      name: DELETED_HEROES,
      request_count: 1,
      total_tokens: 2000,
      total_cost: expect.closeTo(0.03, 10),
    },
    {
      user_id: aria.id,
      name: 'Aria',
      request_count: 2,
      total_tokens: 1500,
      total_cost: expect.closeTo(0.021, 10),
    },
    {
      user_id: bram.id,
      name: 'Bram',
      request_count: 2,
      total_tokens: 500,
      total_cost: expect.closeTo(0.0009, 10),
    },
  ]);
});
