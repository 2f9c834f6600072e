import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { queryKeys } from '../api/queryKeys.ts';
import { Providers } from '../app/Providers.tsx';
import { createQueryClient } from '../app/queryClient.ts';
import type { User } from '../auth/user.ts';

export const testUser: User = {
  id: 'u1',
  name: 'Aria',
  email: 'aria@example.com',
  isOnboarded: true,
  activeClassTitle: 'Pathfinder Initiate',
  lifeLevel: 2,
  totalXP: 150,
  isAdmin: false,
  primaryClass: 'general',
  createdAt: '2026-01-10T12:00:00.000Z',
  showInRankings: true,
  nextRenameAt: null,
  timezone: 'UTC',
  locale: null,
};

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
  credentials: RequestCredentials | undefined;
}

export interface MockReply {
  status?: number;
  statusText?: string;
  body?: unknown;
  /** Answers as server-sent events instead (`event:`/`data:` blocks), as the ai service streams. */
  events?: { event: string; data: unknown }[];
}

type Handler = (call: RecordedCall) => MockReply | Promise<MockReply>;

/**
 * Replaces fetch with a router keyed by 'METHOD /path'. Unknown routes answer 404 so a test that
 * forgets a call fails loudly instead of hanging. Every call is recorded for assertions.
 */
export function mockApi(routes: Record<string, MockReply | Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const call: RecordedCall = {
      method,
      path: url.pathname + url.search,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init?.headers),
      credentials: init?.credentials,
    };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    const reply =
      typeof route === 'function'
        ? await route(call)
        : (route ?? { status: 404, body: { error: 'Not found' } });
    const status = reply.status ?? 200;
    if (reply.events) {
      const text = reply.events
        .map(({ event, data }) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
        .join('');
      return new Response(text, { status, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
    }
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return new Response(status === 204 ? null : text, {
      status,
      statusText: reply.statusText ?? '',
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

export interface RenderOptions {
  route?: string;
  /** Seeds the current-user cache; null means logged out; undefined leaves it to GET /api/auth/me. */
  user?: User | null;
  queryClient?: QueryClient;
}

export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const queryClient = options.queryClient ?? createQueryClient();
  if (options.user !== undefined) queryClient.setQueryData(queryKeys.me, options.user);
  const result = render(
    <Providers queryClient={queryClient}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>{ui}</MemoryRouter>
    </Providers>,
  );
  return { ...result, queryClient };
}
