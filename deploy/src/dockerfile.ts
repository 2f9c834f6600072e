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
  return problems;
}
