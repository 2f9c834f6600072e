import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type ComposeFile, loadCompose, requiredVariables } from './compose.ts';
import { imageRuntime } from './dockerfile.ts';
import { deployedTargets, ENTRYPOINT, MIGRATE_COMMAND } from './lifequest.ts';
import { type LocalProcess, type LocalRunOptions, localRun } from './local-run.ts';
import { readText } from './repo.ts';

const text = readText('docker-compose.yml');
const image = imageRuntime(readText('Dockerfile'));
const vars = Object.fromEntries(
  requiredVariables(text).map((name) => [name, randomBytes(24).toString('hex')]),
);
const standIns = {
  postgres: 'postgres://postgres@127.0.0.1:5432/lq_e2e',
  rabbitmq: 'amqp://guest:guest@127.0.0.1:5672',
  redis: 'redis://127.0.0.1:6379',
};

function options(): LocalRunOptions & { ports: Map<string, number> } {
  const ports = new Map<string, number>();
  return {
    standIns,
    ports,
    port(service) {
      ports.set(service, 9100 + ports.size);
      return ports.get(service)!;
    },
    overrides: (service) => ({ HOST: '127.0.0.1', LIFEQUEST_DATA_DIR: `/tmp/${service}` }),
  };
}

const byName = (waves: LocalProcess[][]) => new Map(waves.flat().map((p) => [p.service, p]));

describe('docker-compose.yml as local processes', () => {
  it('migrates first, then starts the services, then the gateway, as compose orders them on health', async () => {
    const waves = await localRun(loadCompose(text, vars), image, options());
    const targets = deployedTargets().map((t) => t.name);
    expect(waves.map((wave) => wave.map((p) => p.service).sort())).toEqual([
      ['migrate'],
      targets.filter((t) => t !== 'gateway').sort(),
      ['gateway'],
    ]);
    expect(waves[0]![0]).toMatchObject({ kind: 'exit', port: null, command: ['node', MIGRATE_COMMAND] });
  });

  it("runs each target with its container's command and environment, pointed at this machine", async () => {
    const run = options();
    const processes = byName(await localRun(loadCompose(text, vars), image, run));
    for (const { name } of deployedTargets()) {
      const p = processes.get(name)!;
      expect(p.command, name).toEqual([...image.entrypoint, ENTRYPOINT, '--target', name]);
      expect(p).toMatchObject({ kind: 'ready', port: run.ports.get(name) });
      expect(p.env).toMatchObject({
        PORT: String(run.ports.get(name)),
        DATABASE_URL: standIns.postgres,
        AMQP_URL: standIns.rabbitmq,
        REDIS_URL: standIns.redis,
        INTERNAL_SECRET: vars.INTERNAL_SECRET,
        // The image's ENV, then compose's, then the overrides.
        NODE_ENV: 'production',
        LOG_FORMAT: 'json',
        HOST: '127.0.0.1',
        LIFEQUEST_DATA_DIR: `/tmp/${name}`,
      });
    }
    const gateway = processes.get('gateway')!.env;
    expect(gateway).toMatchObject({
      SESSION_SECRET: vars.SESSION_SECRET,
      AUTH_URL: `http://127.0.0.1:${run.ports.get('auth')}`,
      ADMIN_URL: `http://127.0.0.1:${run.ports.get('admin')}`,
    });
    expect(processes.get('auth')!.env.ADMIN_PASSWORD).toBe(vars.ADMIN_PASSWORD);
    expect(processes.get('quests')!.env.ADMIN_PASSWORD).toBeUndefined();
    expect(processes.get('migrate')!.env).toEqual({
      ...image.env,
      DATABASE_URL: standIns.postgres,
      LOG_FORMAT: 'json',
      HOST: '127.0.0.1',
      LIFEQUEST_DATA_DIR: '/tmp/migrate',
    });
  });
});

describe('a compose file it cannot run here is refused, not guessed at', () => {
  const broken = (mutate: (services: Record<string, any>) => void): ComposeFile => {
    const compose = structuredClone(loadCompose(text, vars));
    mutate(compose.resolved.services as Record<string, any>);
    return compose;
  };

  it('a URL to a compose service with no stand-in, or to a port its service does not listen on', async () => {
    const ollama = broken((s) => {
      s.ollama = { image: 'ollama/ollama' };
      s.ai.environment.OPENAI_BASE_URL = 'http://ollama:11434/v1';
    });
    await expect(localRun(ollama, image, options())).rejects.toThrow(
      'compose ai: OPENAI_BASE_URL=http://ollama:11434/v1: ollama has no local stand-in',
    );
    const wrongPort = broken((s) => {
      s.gateway.environment.QUESTS_URL = 'http://quests:9999';
    });
    await expect(localRun(wrongPort, image, options())).rejects.toThrow(
      'compose gateway: QUESTS_URL=http://quests:9999, but quests listens on 8082',
    );
  });

  it('a dependency on a service it cannot stand in for, a cycle, a service without PORT', async () => {
    const mail = broken((s) => {
      s.mailer = { image: 'mailhog/mailhog' };
      s.admin.depends_on.mailer = { condition: 'service_started' };
    });
    await expect(localRun(mail, image, options())).rejects.toThrow('compose admin: depends on mailer');
    const cycle = broken((s) => {
      s.auth.depends_on.gateway = { condition: 'service_healthy' };
    });
    await expect(localRun(cycle, image, options())).rejects.toThrow(/cycle among .*auth.*gateway/);
    const noPort = broken((s) => {
      delete s.social.environment.PORT;
    });
    await expect(localRun(noPort, image, options())).rejects.toThrow('compose social: no PORT');
  });
});
