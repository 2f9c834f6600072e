import { describe, expect, it } from 'vitest';
import { ConfigError, configVariables, loadConfig as load } from './config.ts';
import type { TargetDeclaration } from './runtime/module.ts';

/** Modules as an installation declares them (the app's registry): their targets, ports and needs. */
const modules: TargetDeclaration[] = [
  { name: 'auth', port: 8081 },
  { name: 'quests', port: 8082 },
  { name: 'ai', port: 8084, needs: { redis: true }, worker: { target: 'ai-worker', port: 8086 } },
];
const loadConfig = (env: NodeJS.ProcessEnv, argv: string[] = []) => load(env, argv, modules);

describe('configuration', () => {
  it('runs the embedded default with no variables at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      target: 'all',
      dataDir: './.lifequest',
      databaseUrl: undefined,
      amqpUrl: undefined,
      redisUrl: undefined,
      aiDailyTokenBudget: 200_000,
      aiStoryWaitMs: 20_000,
      adminEmails: ['admin@lifequest.local'],
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('waits AI_STORY_WAIT_MS for a story before answering that it is still being written', () => {
    expect(loadConfig({ AI_STORY_WAIT_MS: '5000' }).aiStoryWaitMs).toBe(5_000);
    for (const bad of ['0', '-1', 'soon', '2.5']) {
      expect(() => loadConfig({ AI_STORY_WAIT_MS: bad })).toThrow('AI_STORY_WAIT_MS');
    }
  });

  it('listens on loopback unless HOST says otherwise (the image says 0.0.0.0)', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('reports every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'not a url',
        AI_DAILY_TOKEN_BUDGET: '-5',
        LIFEQUEST_TARGET: 'everything',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const key of ['PORT', 'DATABASE_URL', 'AI_DAILY_TOKEN_BUDGET', 'LIFEQUEST_TARGET'])
      expect(problems).toContain(key);
    expect((error as ConfigError).message).toMatch(/cannot start/);
  });

  it('takes --target from the command line over the environment', () => {
    const env = {
      LIFEQUEST_TARGET: 'all',
      DATABASE_URL: 'postgres://x/y',
      AMQP_URL: 'amqp://x',
      INTERNAL_SECRET: 's'.repeat(32),
    };
    expect(loadConfig(env, ['--target', 'quests']).target).toBe('quests');
    expect(loadConfig(env, ['--target=quests']).port).toBe(8082);
  });

  it('refuses a single-service target on embedded parts, naming what is missing', () => {
    expect(() => loadConfig({}, ['--target', 'auth'])).toThrow(
      /DATABASE_URL: required when the target is 'auth'/,
    );
    expect(() => loadConfig({}, ['--target', 'gateway'])).toThrow(
      /AMQP_URL[\s\S]*REDIS_URL[\s\S]*SESSION_SECRET/,
    );
  });

  it('treats an empty PORT as unset rather than a random port', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(8080);
  });

  it('refuses the example placeholder secrets of k8s/secret.example.yaml', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'CHANGE_ME_TO_32_OR_MORE_RANDOM_CHARACTERS' })).toThrow(
      /SESSION_SECRET: is still the example placeholder/,
    );
  });

  it('takes a first admin password of at least 12 characters', () => {
    expect(loadConfig({ ADMIN_PASSWORD: 'a long admin password' }).adminPassword).toBe(
      'a long admin password',
    );
    expect(() => loadConfig({ ADMIN_PASSWORD: 'short' })).toThrow(
      /ADMIN_PASSWORD: must be at least 12 characters/,
    );
  });

  it('rejects short secrets', () => {
    expect(() => loadConfig({ INTERNAL_SECRET: 'short' })).toThrow(
      /INTERNAL_SECRET: must be at least 32 characters/,
    );
  });

  it('reads admin e-mails as a trimmed, lower-cased list', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ,' }).adminEmails).toEqual([
      'boss@example.com',
      'ops@example.com',
    ]);
  });

  it('trusts only the proxy hops it is told about: true is one hop, never every hop', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY: must be false, true/);
  });

  it('keeps the gateway metrics closed unless a long enough METRICS_TOKEN is set', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16/);
  });
});

describe('targets come from the modules, not from the platform', () => {
  it('knows a module’s target, its worker target and its `<NAME>_URL`, with their declared ports', () => {
    const env = { DATABASE_URL: 'postgres://x/y', AMQP_URL: 'amqp://x', INTERNAL_SECRET: 's'.repeat(32) };
    expect(loadConfig({ ...env, REDIS_URL: 'redis://x' }, ['--target', 'ai-worker']).port).toBe(8086);
    expect(loadConfig({ QUESTS_URL: 'http://quests:8082' }).serviceUrls).toEqual({
      auth: undefined,
      quests: 'http://quests:8082',
      ai: undefined,
    });
    expect(() => loadConfig({ QUESTS_URL: 'not a url' })).toThrow(/QUESTS_URL/);
  });

  it('asks for Redis only where a module declares it needs it', () => {
    const env = { DATABASE_URL: 'postgres://x/y', AMQP_URL: 'amqp://x', INTERNAL_SECRET: 's'.repeat(32) };
    expect(loadConfig(env, ['--target', 'quests']).target).toBe('quests');
    expect(() => loadConfig(env, ['--target', 'ai'])).toThrow(/REDIS_URL: required when the target is 'ai'/);
    expect(() => loadConfig(env, ['--target', 'ai-worker'])).toThrow(/REDIS_URL/);
  });

  it('refuses a target no module declares', () => {
    expect(() => load({}, ['--target', 'quests'], [])).toThrow(/--target: must be one of all, gateway/);
  });
});

describe('configVariables', () => {
  it('lists every variable loadConfig reads, each module’s URL included', () => {
    const variables = configVariables(modules);
    expect(variables).toEqual(
      expect.arrayContaining(['PORT', 'DATABASE_URL', 'OPENAI_API_KEY', 'ADMIN_EMAILS']),
    );
    expect(variables).toEqual(expect.arrayContaining(['AUTH_URL', 'QUESTS_URL', 'AI_URL']));
    expect(new Set(variables).size).toBe(variables.length);
    // Each listed variable is read: a bad value for it is refused at boot.
    for (const variable of ['PORT', 'BODY_LIMIT_BYTES', 'QUESTS_URL']) {
      expect(() => loadConfig({ [variable]: 'not a valid value' })).toThrow(variable);
    }
  });
});
