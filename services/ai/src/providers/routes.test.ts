import { AiProviderInfo } from '@lifequest/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AiHarness, startAiHarness } from '../testing/test-kit.ts';
import { type FakeOpenAi, startFakeOpenAi } from './openai/fake-openai-server.ts';

// GET /api/ai/provider: the web app's one way to know whether The Pathfinder writes the hero's language
// (docs/features/languages.md), with each provider configured.

let offline: AiHarness;
let model: AiHarness;
let server: FakeOpenAi;

beforeAll(async () => {
  server = await startFakeOpenAi();
  [offline, model] = await Promise.all([
    startAiHarness(),
    startAiHarness({
      OPENAI_API_KEY: 'sk-secret-test-key',
      OPENAI_BASE_URL: server.url,
      OPENAI_MODEL: 'gpt-4o-mini',
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([offline?.close(), model?.close()]);
  await server?.close();
});

describe('GET /api/ai/provider', () => {
  it('without a key: the offline engine, which writes English only', async () => {
    const res = await offline.hero().json('GET', '/api/ai/provider');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ provider: 'offline', languages: ['en'] });
  });

  it('with a key: the model, asked to answer in every language the app speaks; no secret told, no model called', async () => {
    const res = await model.hero().json('GET', '/api/ai/provider', undefined, { 'Accept-Language': 'de' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ provider: 'openai', languages: ['en', 'es', 'de'] });
    expect(AiProviderInfo.parse(res.body)).toEqual(res.body);
    expect(JSON.stringify(res.body)).not.toMatch(/sk-secret|127\.0\.0\.1|localhost|gpt/);
    expect(server.requests).toHaveLength(0);
  });

  it('is for signed-in heroes only', async () => {
    const res = await offline.anonymous().json('GET', '/api/ai/provider');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
