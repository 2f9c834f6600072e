import { registry } from '@lifequest/app';
import { configVariables, loadConfig, targetsOf, urlVariable } from '@lifequest/platform';

/**
 * What the deployment artifacts must agree with, read from LifeQuest itself rather than copied: the
 * targets and their default ports (the app's modules, as the config reads them), and the variables the
 * config knows.
 */
export interface TargetInfo {
  name: string;
  port: number;
}

/** Every target a process can run, except `all` (the single-process mode the images also offer). */
export function deployedTargets(): TargetInfo[] {
  return [...targetsOf(registry.modules)]
    .filter(([name]) => name !== 'all')
    .map(([name, { port }]) => ({ name, port }));
}

/** The entrypoint and the migration command the images run. */
export const ENTRYPOINT = 'app/src/main.ts';
export const MIGRATE_COMMAND = 'app/src/migrate.ts';

/**
 * The variables the config knows (platform's `configVariables`: its schema's keys and each module's
 * `<NAME>_URL`). `loadConfig` silently ignores any other variable, which is why a misspelt one in a
 * manifest must be caught here.
 */
export function knownVariables(): Set<string> {
  return new Set(configVariables(registry.modules));
}

/** Boots the config as a process with this environment and command line would; throws ConfigError. */
export function checkBoot(env: Record<string, string>, argv: readonly string[]): void {
  loadConfig(env, argv, registry.modules);
}

/**
 * What is wrong with the configuration a deployed process gets: variables the config schema does not
 * know (LifeQuest would ignore them silently), and whatever keeps it from booting with that target.
 */
export function configProblems(
  where: string,
  env: Record<string, string>,
  argv: readonly string[],
): string[] {
  const known = knownVariables();
  const problems = Object.keys(env)
    .filter((k) => !known.has(k))
    .map((k) => `${where}: ${k} is not a LifeQuest configuration variable`);
  try {
    checkBoot(env, argv);
  } catch (error) {
    problems.push(`${where}: would not boot: ${error instanceof Error ? error.message : String(error)}`);
  }
  return problems;
}

/** `QUESTS_URL` → `quests`: the variables that tell a process where another target runs. */
export function urlVariables(): Map<string, string> {
  return new Map(registry.modules.map((m) => [urlVariable(m.name), m.name]));
}

/** The services the gateway routes to (every service module). */
export function servicesBehindGateway(): string[] {
  return registry.modules.map((m) => m.name);
}
