import {
  type ComposeFile,
  composeServices,
  isLifeQuest,
  loadCompose,
  requiredVariables,
  serviceCommand,
  serviceDependencies,
  serviceEnvironment,
} from './compose.ts';
import { type ImageRuntime, imageRuntime } from './dockerfile.ts';
import { readText } from './repo.ts';

/**
 * docker-compose.yml's LifeQuest services as processes on one machine, for the distributed end-to-end
 * run where no Docker engine runs: each process gets exactly the command its container runs (the image's
 * entrypoint, then the service's `command`) and the environment compose gives it (the image's `ENV`,
 * then the service's `environment`). Only what differs on one machine changes: URLs to the
 * infrastructure go to its local stand-ins, URLs to LifeQuest services to the local port each listens on
 * instead of its `PORT`, and the caller's overrides (listen address, data dir, infra prefix) come last.
 */
export interface LocalProcess {
  service: string;
  /** `['node', 'app/src/main.ts', '--target', 'quests']`: relative to the image's WORKDIR. */
  command: string[];
  env: Record<string, string>;
  /** 'exit': a one-shot step that services wait to complete (the migration); 'ready': a service. */
  kind: 'exit' | 'ready';
  /** Where a service listens here (null for a one-shot step). */
  port: number | null;
  /** The LifeQuest services it starts after (compose's `depends_on`). */
  after: string[];
}

export interface LocalRunOptions {
  /** Stand-ins for compose's infrastructure services by name: any URL to `postgres` becomes this URL. */
  standIns: Readonly<Record<string, string>>;
  /** The port a service listens on here, instead of the `PORT` compose gives it. */
  port(service: string): number | Promise<number>;
  /** Variables that replace or add to the result for one process. */
  overrides(service: string): Record<string, string>;
}

/**
 * The processes in start order: waves in which each process depends only on earlier waves, as compose
 * starts them (the migration, then the services, then the gateway once they are healthy).
 */
export async function localRun(
  compose: ComposeFile,
  image: ImageRuntime,
  options: LocalRunOptions,
): Promise<LocalProcess[][]> {
  const lifequest = Object.entries(composeServices(compose.resolved)).filter(([, s]) => isLifeQuest(s));
  const names = new Set(lifequest.map(([name]) => name));
  const others = Object.keys(composeServices(compose.resolved)).filter((name) => !names.has(name));
  const oneShot = new Set(
    lifequest.flatMap(([, s]) =>
      Object.entries(serviceDependencies(s))
        .filter(([, condition]) => condition === 'service_completed_successfully')
        .map(([dep]) => dep),
    ),
  );

  // Where each service listens in compose, and here.
  const listens = new Map<string, { composePort: string; port: number }>();
  for (const [name, service] of lifequest) {
    if (oneShot.has(name)) continue;
    const composePort = { ...image.env, ...serviceEnvironment(service) }.PORT;
    if (!composePort)
      throw new Error(`compose ${name}: no PORT, so a local run cannot tell where it listens`);
    listens.set(name, { composePort, port: await options.port(name) });
  }

  const processes = lifequest.map(([name, service]): LocalProcess => {
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries({ ...image.env, ...serviceEnvironment(service) }))
      env[key] = relocate(`compose ${name}: ${key}`, value);
    const listen = listens.get(name);
    if (listen) env.PORT = String(listen.port);
    const after: string[] = [];
    for (const dep of Object.keys(serviceDependencies(service))) {
      if (names.has(dep)) after.push(dep);
      else if (!(dep in options.standIns))
        throw new Error(`compose ${name}: depends on ${dep}, which has no local stand-in`);
    }
    return {
      service: name,
      command: [
        ...image.entrypoint,
        ...(service.command === undefined ? image.cmd : serviceCommand(service)),
      ],
      env: { ...env, ...options.overrides(name) },
      kind: oneShot.has(name) ? 'exit' : 'ready',
      port: listen?.port ?? null,
      after,
    };
  });

  function relocate(where: string, value: string): string {
    const authority = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?([^:/?#]+)(?::(\d+))?/i.exec(value);
    if (!authority) return value;
    const [, host = '', port] = authority;
    const standIn = options.standIns[host];
    if (standIn !== undefined) return standIn;
    const target = listens.get(host);
    if (target) {
      if (port !== target.composePort)
        throw new Error(`${where}=${value}, but ${host} listens on ${target.composePort}`);
      return value.replace(`//${host}:${port}`, `//127.0.0.1:${target.port}`);
    }
    if (names.has(host) || others.includes(host))
      throw new Error(`${where}=${value}: ${host} has no local stand-in`);
    return value;
  }

  const waves: LocalProcess[][] = [];
  const started = new Set<string>();
  let pending = processes;
  while (pending.length > 0) {
    const wave = pending.filter((p) => p.after.every((dep) => started.has(dep)));
    if (wave.length === 0)
      throw new Error(`compose: depends_on has a cycle among ${pending.map((p) => p.service).join(', ')}`);
    waves.push(wave);
    for (const p of wave) started.add(p.service);
    pending = pending.filter((p) => !wave.includes(p));
  }
  return waves;
}

/** This repository's docker-compose.yml and Dockerfile as local processes, `vars` being the operator's `.env`. */
export function repositoryLocalRun(
  vars: Readonly<Record<string, string>>,
  options: LocalRunOptions,
): Promise<LocalProcess[][]> {
  return localRun(
    loadCompose(readText('docker-compose.yml'), vars),
    imageRuntime(readText('Dockerfile')),
    options,
  );
}

/** The variables docker-compose.yml refuses to start without (the operator's secrets). */
export function composeRequiredVariables(): string[] {
  return requiredVariables(readText('docker-compose.yml'));
}

/** Where the image's WORKDIR is on this machine: the repository root, which the build copies there. */
export { ROOT as IMAGE_WORKDIR } from './repo.ts';
