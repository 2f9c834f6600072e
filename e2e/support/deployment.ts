import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNodeToExit, startNodeProcess, type TargetProcess } from '@lifequest/app/testing';
import { IMAGE_WORKDIR, type LocalProcess, repositoryLocalRun } from '@lifequest/deploy/local-run';
import {
  createIsolatedDatabase,
  freePort,
  type IsolatedInfraPrefix,
  type IsolatedPostgres,
  isolatedInfraPrefix,
} from '@lifequest/platform/testing';

export interface DeploymentOptions {
  postgresUrl: string;
  amqpUrl: string;
  redisUrl: string;
  /** The operator's `.env`: compose's variables. */
  vars: Record<string, string>;
  /** Listen on portBase, portBase + 1, ... in start order; free ports when unset. */
  portBase?: number;
}

/**
 * docker-compose.yml without Docker: each LifeQuest service of the file is a process of this machine
 * running its container's command (the image's `node` is this Node 24) from the repository root (the
 * image's WORKDIR), with its container's environment. PostgreSQL, RabbitMQ and Redis are the local
 * ones, with a database, an INFRA_PREFIX (RabbitMQ exchange and queues, Redis keys) and data dirs of
 * this run's own, all removed by `dispose`. Processes listen on 127.0.0.1 only.
 */
export class LocalDeployment {
  readonly waves: LocalProcess[][];
  readonly database: IsolatedPostgres;
  readonly infra: IsolatedInfraPrefix;
  readonly redisUrl: string;
  readonly #running = new Map<string, TargetProcess>();
  readonly #exits = new Map<string, { code: number | null; output: string }>();
  readonly #dataDir: string;

  private constructor(
    waves: LocalProcess[][],
    database: IsolatedPostgres,
    infra: IsolatedInfraPrefix,
    redisUrl: string,
    dataDir: string,
  ) {
    this.waves = waves;
    this.database = database;
    this.infra = infra;
    this.redisUrl = redisUrl;
    this.#dataDir = dataDir;
  }

  static async plan(options: DeploymentOptions): Promise<LocalDeployment> {
    const database = await createIsolatedDatabase(options.postgresUrl, 'lq_e2e');
    const infra = isolatedInfraPrefix({ amqpUrl: options.amqpUrl, redisUrl: options.redisUrl });
    const dataDir = mkdtempSync(join(tmpdir(), 'lifequest-e2e-'));
    let next = options.portBase;
    try {
      const waves = await repositoryLocalRun(options.vars, {
        standIns: { postgres: database.url, rabbitmq: options.amqpUrl, redis: options.redisUrl },
        port: () => (next === undefined ? freePort() : next++),
        overrides: (service) => ({
          // Containers have their own network and file system; processes on one machine do not.
          HOST: '127.0.0.1',
          LIFEQUEST_DATA_DIR: join(dataDir, service),
          INFRA_PREFIX: infra.prefix,
          PATH: process.env.PATH ?? '',
        }),
      });
      return new LocalDeployment(waves, database, infra, options.redisUrl, dataDir);
    } catch (error) {
      await Promise.allSettled([database.dispose(), infra.dispose()]);
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  }

  /** Starts one wave at once, as compose does: one-shot steps must exit 0, services answer /readyz. */
  async start(wave: readonly LocalProcess[]): Promise<void> {
    await Promise.all(
      wave.map(async (p) => {
        const [node, ...args] = p.command;
        if (node !== 'node') throw new Error(`${p.service}: the image runs ${node}, not node`);
        if (p.kind === 'exit') {
          const result = await runNodeToExit(args, p.env, { cwd: IMAGE_WORKDIR, timeoutMs: 120_000 });
          this.#exits.set(p.service, result);
          if (result.code !== 0)
            throw new Error(`${p.command.join(' ')} exited with ${result.code}:\n${tail(result.output)}`);
          return;
        }
        const started = await startNodeProcess(p.service, args, p.env, p.port!, {
          cwd: IMAGE_WORKDIR,
          readyTimeoutMs: 120_000,
        });
        this.#running.set(p.service, started);
      }),
    );
  }

  process(service: string): TargetProcess {
    const running = this.#running.get(service);
    if (!running) throw new Error(`${service} is not running`);
    return running;
  }

  /** SIGTERM to every running process, the gateway first (as `docker compose down`); their exit codes. */
  async stop(): Promise<Map<string, number | null>> {
    const codes = new Map<string, number | null>();
    for (const wave of [...this.waves].reverse()) {
      await Promise.all(
        wave.map(async (p) => {
          const running = this.#running.get(p.service);
          if (!running) return;
          codes.set(p.service, await running.stop('SIGTERM'));
          this.#running.delete(p.service);
        }),
      );
    }
    return codes;
  }

  /** The last warnings and errors each process logged, for a failure report. */
  logs(lines = 10): string {
    const all = [
      ...[...this.#exits].map(([service, { output }]) => [service, output] as const),
      ...[...this.#running].map(([service, p]) => [service, p.output()] as const),
    ];
    return all
      .map(([service, output]) => `--- ${service}\n${tail(notable(output), lines) || '(no warnings)'}`)
      .join('\n');
  }

  async dispose(): Promise<void> {
    for (const p of this.#running.values()) p.child.kill('SIGKILL');
    await Promise.all([...this.#running.values()].map((p) => p.stop()));
    this.#running.clear();
    await Promise.allSettled([this.database.dispose(), this.infra.dispose()]);
    rmSync(this.#dataDir, { recursive: true, force: true });
  }
}

/** Lines at pino's warn level or above, and anything that is not a JSON log line (a crash's stack). */
function notable(output: string): string {
  return output
    .split('\n')
    .filter((line) => {
      try {
        return (JSON.parse(line) as { level?: number }).level! >= 40;
      } catch {
        return line.trim() !== '';
      }
    })
    .join('\n');
}

function tail(output: string, lines = 30): string {
  return output.trimEnd().split('\n').slice(-lines).join('\n');
}
