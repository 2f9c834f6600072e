// The two commands on a fresh clone: `npm start` and `npm test` first make sure everything they need is
// here (dependencies, generated Prisma clients, the web build), then hand over to Node 24.
// Plain JavaScript on purpose: it runs on whatever Node the machine has before Node 24 is installed.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const node24 = join(root, 'node_modules', '.bin', 'node');
const [command = 'start', ...args] = process.argv.slice(2);
const quiet = process.env.LIFEQUEST_QUIET_BOOTSTRAP === '1';

function log(message) {
  if (!quiet) process.stderr.write(`[lifequest] ${message}\n`);
}

function runOrDie(cmd, cmdArgs, options = {}) {
  const result = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    process.stderr.write(`[lifequest] '${cmd} ${cmdArgs.join(' ')}' failed (exit ${result.status})\n`);
    process.exit(result.status ?? 1);
  }
}

const workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;

function installFingerprint() {
  const hash = createHash('sha256');
  for (const file of ['package.json', 'package-lock.json', ...workspaces.map((w) => `${w}/package.json`)]) {
    const path = join(root, file);
    if (existsSync(path)) hash.update(file).update(readFileSync(path));
  }
  return hash.digest('hex');
}

function ensureInstalled() {
  const marker = join(root, 'node_modules', '.lifequest-installed');
  const fingerprint = installFingerprint();
  if (existsSync(node24) && existsSync(marker) && readFileSync(marker, 'utf8') === fingerprint) return;
  log('installing dependencies (npm install)...');
  // `npm ci` rejects lockfiles that omit other platforms' optional packages; install is the bootstrap.
  // npm must run on the machine's own Node, as configured for this registry: inside `npm start` the PATH
  // starts with node_modules/.bin, whose Node 24 would otherwise run npm.
  const bin = join(root, 'node_modules', '.bin');
  const path = (process.env.PATH ?? '')
    .split(':')
    .filter((dir) => resolve(dir) !== bin)
    .join(':');
  runOrDie('npm', ['install', '--no-audit', '--no-fund'], { env: { ...process.env, PATH: path } });
  writeFileSync(marker, installFingerprint());
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'generated') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function ensurePrismaClients() {
  for (const workspace of workspaces.filter((w) => w.startsWith('services/'))) {
    const dir = join(root, workspace);
    const schema = join(dir, 'prisma', 'schema.prisma');
    if (!existsSync(schema)) continue;
    const client = join(dir, 'src', 'generated', 'prisma', 'client.ts');
    if (existsSync(client) && statSync(client).mtimeMs >= statSync(schema).mtimeMs) continue;
    log(`generating the Prisma client of ${workspace}...`);
    // Generating needs no schema engine, but the CLI insists on a path to one; it cannot be downloaded
    // here, and migrations are SQL files applied by the platform (docs/architecture.md#data-ownership).
    runOrDie(node24, [join(root, 'node_modules', 'prisma', 'build', 'index.js'), 'generate'], {
      cwd: dir,
      env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: node24, PRISMA_HIDE_UPDATE_MESSAGE: '1' },
      stdio: quiet ? 'ignore' : 'inherit',
    });
  }
}

function ensureWebBuild() {
  const web = join(root, 'web');
  if (!existsSync(join(web, 'index.html'))) return;
  const built = join(web, 'dist', 'index.html');
  const sources = Math.max(
    newestMtime(join(web, 'src')),
    newestMtime(join(web, 'public')),
    newestMtime(join(web, 'index.html')),
    newestMtime(join(web, 'vite.config.ts')),
    newestMtime(join(web, 'build')),
    newestMtime(join(root, 'proto', 'src')),
  );
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  log('building the web app (vite build)...');
  runOrDie(node24, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: web,
  });
}

function handOver(cmdArgs) {
  const child = spawn(node24, cmdArgs, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

ensureInstalled();
ensurePrismaClients();
switch (command) {
  case 'start':
    ensureWebBuild();
    handOver([join(root, 'app', 'src', 'main.ts'), ...args]);
    break;
  case 'test':
    ensureWebBuild();
    // `test -- <files>` (npm run fault, npm run matrix): vitest reads nothing after a `--` as a filter and
    // would run every suite, so the separator is dropped here.
    handOver([
      join(root, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      ...args.filter((a, i) => !(i === 0 && a === '--')),
    ]);
    break;
  case 'fuzz':
    // The full run of e2e/fuzz: 20,000 requests on a fresh seed (it prints the seed to replay a failure).
    ensureWebBuild();
    process.env.FUZZ_REQUESTS ??= '20000';
    process.env.FUZZ_SEED ??= String(Math.floor(Math.random() * 2 ** 31));
    handOver([join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'e2e/fuzz', ...args]);
    break;
  case 'build':
    ensureWebBuild();
    break;
  case 'generate':
    break;
  default:
    process.stderr.write(`unknown command '${command}' (start, test, fuzz, build, generate)\n`);
    process.exit(2);
}
