import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, loadConfig, type RunningLifeQuest, run } from '@lifequest/platform';
import { afterAll, beforeAll } from 'vitest';
import { registry } from '../registry.ts';

export interface TestLifeQuest extends RunningLifeQuest {
  dataDir: string;
}

/**
 * Runs LifeQuest in this process, target `all` on the embedded parts by default, on a free port with a
 * fresh data dir. Only the variables given are seen: the test's own environment never leaks in.
 */
export async function startLifeQuest(env: Record<string, string | undefined> = {}): Promise<TestLifeQuest> {
  const dataDir = env.LIFEQUEST_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'lifequest-test-'));
  const config = loadConfig(
    {
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      AUTH_ACCOUNT_RATE_LIMIT_PER_HOUR: '10000',
      AI_RATE_LIMIT_PER_MINUTE: '10000',
      ...env,
      LIFEQUEST_DATA_DIR: dataDir,
    },
    [],
    registry.modules,
  );
  const app = await run(config, registry, createLogger(config.logLevel));
  return { ...app, dataDir };
}

/** One whole LifeQuest for a test file: started before its tests, closed after them. */
export function useLifeQuest(env: Record<string, string | undefined> = {}): {
  readonly url: string;
  readonly app: TestLifeQuest;
} {
  let app: TestLifeQuest | undefined;
  beforeAll(async () => {
    app = await startLifeQuest(env);
  });
  afterAll(() => app?.close());
  return {
    get url() {
      if (!app) throw new Error('LifeQuest has not started');
      return app.url;
    },
    get app() {
      if (!app) throw new Error('LifeQuest has not started');
      return app;
    },
  };
}

/** A newly registered hero, signed in. */
export async function newHero(url: string, name = 'Aria'): Promise<HeroClient> {
  const hero = new HeroClient(url);
  await hero.register(name);
  return hero;
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A hero's browser in a test: keeps the session cookie like a browser, or sends the bearer id instead. */
export class HeroClient {
  readonly baseUrl: string;
  cookie: string | undefined;
  sessionId: string | undefined;
  mode: 'cookie' | 'bearer' | 'both';

  constructor(baseUrl: string, mode: 'cookie' | 'bearer' | 'both' = 'cookie') {
    this.baseUrl = baseUrl;
    this.mode = mode;
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const h: Record<string, string> = { ...headers };
    if (body !== undefined) h['content-type'] = 'application/json';
    if (this.cookie && this.mode !== 'bearer') h.cookie = this.cookie;
    if (this.sessionId && this.mode !== 'cookie') h.authorization = `Bearer ${this.sessionId}`;
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const setCookie = response.headers.getSetCookie();
    for (const c of setCookie) {
      const [pair] = c.split(';');
      if (pair?.startsWith('lq_session=')) this.cookie = pair.endsWith('=') ? undefined : pair;
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text (the web app's HTML, say)
    }
    const result = { status: response.status, body: parsed as T, headers: response.headers };
    const sid = (parsed as { sessionId?: string } | undefined)?.sessionId;
    if (sid && (path === '/api/auth/login' || path === '/api/auth/register')) this.sessionId = sid;
    return result;
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body);
  }
  patch<T = any>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, body);
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }

  /** Registers a new hero with a unique e-mail and keeps the session. */
  async register(
    name = 'Aria',
    email = `hero-${crypto.randomUUID()}@example.com`,
    password = 'correct horse battery',
  ) {
    const res = await this.post('/api/auth/register', { email, password, name });
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { ...res.body, email, password } as {
      user: any;
      sessionId: string;
      email: string;
      password: string;
    };
  }
}
