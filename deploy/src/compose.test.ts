import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type ComposeFile,
  checkCompose,
  interpolate,
  loadCompose,
  requiredVariables,
  validateComposeSchema,
} from './compose.ts';
import { readText } from './repo.ts';

const text = readText('docker-compose.yml');

/** What an operator's `.env` holds: a fresh value for every variable the file requires. */
function operatorEnv(): Record<string, string> {
  return Object.fromEntries(requiredVariables(text).map((name) => [name, randomBytes(24).toString('hex')]));
}

function broken(mutate: (compose: ComposeFile) => void): ComposeFile {
  const copy = structuredClone(loadCompose(text, operatorEnv()));
  mutate(copy);
  return copy;
}

function service(compose: ComposeFile, name: string): Record<string, any> {
  return (compose.resolved.services as Record<string, any>)[name];
}

describe('docker-compose.yml', () => {
  const compose = loadCompose(text, operatorEnv());

  it('is valid against the Compose specification schema', () => {
    expect(validateComposeSchema(compose.resolved)).toEqual([]);
  });

  it('runs every target from the one image, on health, after the migration step, with a config each boots with', () => {
    expect(checkCompose(compose)).toEqual([]);
  });

  it('refuses to start without its secrets, and docs/operations.md says how to provide each', () => {
    expect(requiredVariables(text)).toEqual(
      expect.arrayContaining(['INTERNAL_SECRET', 'SESSION_SECRET', 'POSTGRES_PASSWORD']),
    );
    for (const name of requiredVariables(text)) {
      const env = operatorEnv();
      delete env[name];
      expect(() => loadCompose(text, env), name).toThrow(`${name} is required`);
    }
    const operations = readText('docs/operations.md');
    for (const name of requiredVariables(text)) expect(operations).toMatch(new RegExp(`^${name}=`, 'm'));
  });
});

describe('the compose validators fail on a broken file', () => {
  it('the schema refuses an unknown service key and a wrong type', () => {
    const typo = broken((c) => {
      service(c, 'quests').restart_policy = 'always';
    });
    expect(validateComposeSchema(typo.resolved).join('\n')).toMatch(/services\/quests.*additional/);
    const wrongType = broken((c) => {
      service(c, 'redis').healthcheck.retries = 'many';
    });
    expect(validateComposeSchema(wrongType.resolved).join('\n')).toMatch(/healthcheck\/retries must be/);
    const noUnit = broken((c) => {
      service(c, 'postgres').healthcheck.interval = '5';
    });
    expect(validateComposeSchema(noUnit.resolved).join('\n')).toMatch(
      /interval must match format "duration"/,
    );
  });

  it('a missing target, a variable the config does not know, or a target that would not boot', () => {
    expect(checkCompose(broken((c) => delete (c.resolved.services as any).social))).toContain(
      'compose: no service for target social',
    );
    const misspelt = broken((c) => {
      service(c, 'ai').environment.OPENAI_APIKEY = 'sk-test';
    });
    expect(checkCompose(misspelt)).toContain(
      'compose ai: OPENAI_APIKEY is not a LifeQuest configuration variable',
    );
    const noRedis = broken((c) => delete service(c, 'ai-worker').environment.REDIS_URL);
    expect(checkCompose(noRedis).join('\n')).toMatch(
      /compose ai-worker: would not boot: [\s\S]*REDIS_URL: required/,
    );
  });

  it('start order, health checks, restart policies and the published port', () => {
    const problems = checkCompose(
      broken((c) => {
        delete service(c, 'auth').depends_on.migrate;
        delete service(c, 'quests').healthcheck;
        service(c, 'admin').restart = 'no';
        service(c, 'gateway').ports = ['9090:8080'];
        service(c, 'migrate').restart = 'always';
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'compose auth: must start after migrate completed successfully',
        'compose quests: no healthcheck',
        'compose admin: no restart policy',
        'compose gateway: must publish 8080:8080 (http://localhost:8080)',
        'compose migrate: a one-shot step needs restart: "no"',
      ]),
    );
  });

  it('a URL that misses the port its target listens on, and a secret written into the file', () => {
    const problems = checkCompose(
      broken((c) => {
        service(c, 'gateway').environment.QUESTS_URL = 'http://quests:9999';
        (c.raw.services as any).gateway.environment.SESSION_SECRET = 'a'.repeat(40);
        (c.raw.services as any).auth.environment.DATABASE_URL =
          'postgres://lifequest:hunter2@postgres/lifequest';
      }),
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'compose gateway: QUESTS_URL=http://quests:9999, but quests listens on 8082',
        'compose gateway: SESSION_SECRET has a secret written in the file; take it from the environment',
        'compose auth: DATABASE_URL has a secret written in the file; take it from the environment',
      ]),
    );
  });
});

describe('compose interpolation', () => {
  it('follows the Compose rules for defaults, required values and $$', () => {
    const vars = { SET: 'x', EMPTY: '' };
    const $ = (name: string) => `\${${name}}`;
    expect(interpolate(`${$('SET')} ${$('EMPTY:-d')} ${$('EMPTY-d')} ${$('UNSET-d')} $SET $$SET`, vars)).toBe(
      'x d  d x $SET',
    );
    expect(() => interpolate($('EMPTY:?needed'), vars)).toThrow('EMPTY is required: needed');
    expect(interpolate($('EMPTY?needed'), vars)).toBe('');
  });
});
