/** One Dockerfile instruction, continuation lines joined. */
export interface Instruction {
  stage: number;
  keyword: string;
  args: string;
}

export function parseDockerfile(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let stage = -1;
  const logical = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  for (const line of logical) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (keyword.toUpperCase() === 'FROM') stage++;
    instructions.push({ stage, keyword: keyword.toUpperCase(), args });
  }
  return instructions;
}

/** Ways a shell step hides its own failure. */
const SWALLOWED = /\|\|\s*(true|:|exit 0)\b|;\s*exit 0\b|set \+e/;

/**
 * What the image must be: Node 24 slim in every stage, no step that hides a failure, the Prisma
 * clients generated and the web app built in the build stage, only production dependencies and a
 * numeric non-root user in the final stage, and a command that picks the target.
 */
export function checkDockerfile(text: string, entrypoint: string): string[] {
  const problems: string[] = [];
  const all = parseDockerfile(text);
  const last = Math.max(...all.map((i) => i.stage));
  const final = all.filter((i) => i.stage === last);
  const build = all.filter((i) => i.stage < last);

  for (const from of all.filter((i) => i.keyword === 'FROM'))
    if (!/^node:24[\w.-]*-slim\b/.test(from.args)) problems.push(`FROM ${from.args}: use Node 24 slim`);
  if (last < 1) problems.push('not a multi-stage build');
  for (const run of all.filter((i) => i.keyword === 'RUN'))
    if (SWALLOWED.test(run.args)) problems.push(`RUN ${run.args.slice(0, 60)}...: hides a failure`);
  const shell = all.find((i) => i.keyword === 'SHELL');
  if (!shell || !/"-[a-z]*e[a-z]*"/.test(shell.args) || !shell.args.includes('pipefail'))
    problems.push('SHELL must stop on the first failing command (-e) and failing pipes (pipefail)');

  const runs = build.filter((i) => i.keyword === 'RUN').map((i) => i.args);
  if (!runs.some((r) => /prisma.* generate/.test(r) && /PRISMA_SCHEMA_ENGINE_BINARY=/.test(r)))
    problems.push('the build stage must generate the Prisma clients');
  if (!runs.some((r) => /vite.* build/.test(r))) problems.push('the build stage must build the web app');
  if (!runs.some((r) => /npm prune --omit=dev/.test(r)))
    problems.push('the build stage must prune dev dependencies');
  if (final.some((i) => i.keyword === 'RUN' && /npm (install|ci)\b/.test(i.args)))
    problems.push('the final stage must not install dependencies');

  const users = final.filter((i) => i.keyword === 'USER');
  const user = users.at(-1)?.args.split(':')[0];
  if (!user || !/^\d+$/.test(user) || user === '0')
    problems.push(
      'the final stage must switch to a numeric non-root USER (Kubernetes runAsNonRoot checks it)',
    );
  const start = final.findIndex((i) => i.keyword === 'ENTRYPOINT' || i.keyword === 'CMD');
  const userAt = final.indexOf(users.at(-1)!);
  if (start >= 0 && userAt > start) problems.push('USER must come before the command');
  const command = final
    .filter((i) => i.keyword === 'ENTRYPOINT' || i.keyword === 'CMD')
    .flatMap((i) => JSON.parse(i.args) as string[]);
  if (!command.join(' ').includes(`${entrypoint} --target`))
    problems.push(`the command must run ${entrypoint} --target <target>`);
  // LifeQuest listens on loopback unless HOST says otherwise: in a container nothing could reach it.
  const env: Record<string, string> = {};
  for (const i of final.filter((i) => i.keyword === 'ENV')) Object.assign(env, parseEnv(i.args));
  if (env.HOST !== '0.0.0.0')
    problems.push('the final stage must set HOST=0.0.0.0 (LifeQuest listens on loopback by default)');
  return problems;
}

/** How the final image starts a container: what `docker run` would run, before compose's `command`. */
export interface ImageRuntime {
  /** ENTRYPOINT (exec form); a compose `command` is appended to it. */
  entrypoint: string[];
  /** CMD (exec form): the command when none is given. */
  cmd: string[];
  /** ENV of the final stage, in order (later ones win). */
  env: Record<string, string>;
  workdir: string;
}

/** Reads the final stage's ENTRYPOINT, CMD, ENV and WORKDIR; only the exec (JSON) form of commands. */
export function imageRuntime(text: string): ImageRuntime {
  const all = parseDockerfile(text);
  const last = Math.max(...all.map((i) => i.stage));
  const runtime: ImageRuntime = { entrypoint: [], cmd: [], env: {}, workdir: '/' };
  for (const { keyword, args } of all.filter((i) => i.stage === last)) {
    if (keyword === 'ENTRYPOINT' || keyword === 'CMD') {
      let value: unknown;
      try {
        value = JSON.parse(args);
      } catch {
        value = undefined;
      }
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string'))
        throw new Error(`Dockerfile: ${keyword} must be in exec form (a JSON array of strings)`);
      runtime[keyword === 'ENTRYPOINT' ? 'entrypoint' : 'cmd'] = value;
    } else if (keyword === 'ENV') {
      Object.assign(runtime.env, parseEnv(args));
    } else if (keyword === 'WORKDIR') {
      runtime.workdir = args.startsWith('/') ? args : `${runtime.workdir.replace(/\/$/, '')}/${args}`;
    }
  }
  return runtime;
}

/** `ENV A=1 B="two words"`, or the legacy `ENV A value with spaces`. */
function parseEnv(args: string): Record<string, string> {
  if (!/^[A-Za-z_][A-Za-z0-9_]*=/.test(args)) {
    const [, name = '', value = ''] = /^(\S+)\s+(.*)$/.exec(args) ?? [];
    return { [name]: value };
  }
  const env: Record<string, string> = {};
  for (const [, name, quoted, bare] of args.matchAll(
    /([A-Za-z_][A-Za-z0-9_]*)=(?:"((?:[^"\\]|\\.)*)"|(\S*))/g,
  ))
    env[name!] = quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : bare!;
  return env;
}
