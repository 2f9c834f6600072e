import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkLayers } from './check.ts';

/** A tiny repository with LifeQuest's layout whose imports all follow the layers. */
const CLEAN: Record<string, string> = {
  'node_modules/zod/package.json': '{ "name": "zod", "main": "index.js" }',
  'node_modules/zod/index.js': 'export const z = {};',
  'proto/src/index.ts': "import { z } from 'zod';\nexport const proto = z;",
  'platform/src/index.ts': "import { proto } from '@lifequest/proto';\nexport const platform = proto;",
  'platform/src/db/database.ts': 'export const db = 1;',
  'platform/src/events/outbox.ts': "import { db } from '../db/database.ts';\nexport const outbox = db;",
  'services/alpha/src/index.ts': "import '@lifequest/platform';\nimport './goals/service.ts';",
  'services/alpha/src/db.ts': 'export const db = 1;',
  'services/alpha/src/goals/service.ts': "import { db } from '../db.ts';\nexport const goals = db;",
  'services/alpha/src/milestones/service.ts':
    "import { goals } from '../goals/service.ts';\nexport const m = goals;",
  'services/alpha/src/testing/kit.ts': "export { m } from '../milestones/service.ts';",
  // A test beside the code may use the service's testing kit: tests are leaves, not a folder cycle.
  'services/alpha/src/goals/service.test.ts': "import '../testing/kit.ts';",
  'services/beta/src/index.ts': "import '@lifequest/platform';\nimport '@lifequest/proto';",
  'gateway/src/index.ts': "import '@lifequest/platform';\nimport '../../web/dist-dir.ts';",
  'app/src/main.ts': "import '@lifequest/alpha';\nimport '@lifequest/beta';\nimport '@lifequest/gateway';",
  'web/dist-dir.ts': 'export const dir = "dist";',
  'web/src/main.ts': "import '@lifequest/proto';",
};
/** The fixture's workspaces, by package name: their folder and entry file. */
const WORKSPACES: Record<string, [folder: string, entry: string]> = {
  proto: ['proto', 'src/index.ts'],
  platform: ['platform', 'src/index.ts'],
  alpha: ['services/alpha', 'src/index.ts'],
  beta: ['services/beta', 'src/index.ts'],
  gateway: ['gateway', 'src/index.ts'],
  app: ['app', 'src/main.ts'],
};

let root: string | null = null;
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = null;
});

async function repository(changes: Record<string, string> = {}): Promise<string> {
  root = await mkdtemp(join(tmpdir(), 'lq-layers-'));
  for (const [file, text] of Object.entries({ ...CLEAN, ...changes })) {
    await mkdir(dirname(join(root, file)), { recursive: true });
    await writeFile(join(root, file), text);
  }
  await mkdir(join(root, 'node_modules/@lifequest'), { recursive: true });
  for (const [name, [folder, entry]] of Object.entries(WORKSPACES)) {
    const manifest = { name: `@lifequest/${name}`, type: 'module', exports: { '.': `./${entry}` } };
    await writeFile(join(root, folder, 'package.json'), JSON.stringify(manifest));
    await symlink(join(root, folder), join(root, 'node_modules/@lifequest', name));
  }
  return root;
}

/** The check as `npm run check` runs it (exit code 1 when a rule is broken), in this process. */
async function runCheck(at: string): Promise<{ code: number; output: string }> {
  const { ok, output } = await checkLayers(at);
  return { code: ok ? 0 : 1, output };
}

describe('the layer check (npm run check)', () => {
  it('passes this repository (CI runs npm test, not npm run check)', async () => {
    const { code, output } = await runCheck(fileURLToPath(new URL('../..', import.meta.url)));
    expect(output).toContain('follow the rules');
    expect(code).toBe(0);
  }, 60_000);

  it('passes a tree whose imports follow the layers', async () => {
    const { code, output } = await runCheck(await repository());
    expect(output).toContain('follow the rules');
    expect(code).toBe(0);
  });

  it.each([
    [
      'proto imports anything but zod',
      'proto-imports-only-zod',
      { 'proto/src/clock.ts': "import 'node:fs';" },
    ],
    [
      'platform imports a service',
      'platform-knows-no-service',
      { 'platform/src/registry.ts': "import '@lifequest/alpha';" },
    ],
    [
      'platform imports the app',
      'platform-knows-no-service',
      { 'platform/src/main.ts': "import '@lifequest/app';" },
    ],
    [
      'a service imports another service',
      'service-imports-no-other-service',
      { 'services/alpha/src/goals/beta.ts': "import '@lifequest/beta';" },
    ],
    [
      'a service reaches into another by path',
      'service-imports-no-other-service',
      { 'services/beta/src/peek.ts': "import '../../alpha/src/db.ts';" },
    ],
    [
      'the gateway imports a service',
      'gateway-imports-no-service-or-app',
      { 'gateway/src/routes.ts': "import '@lifequest/alpha';" },
    ],
    [
      'web imports server code, even only a type',
      'web-imports-nothing-server-side',
      {
        'web/src/api.ts':
          "import type { platform } from '../../platform/src/index.ts';\nexport type P = typeof platform;",
      },
    ],
  ])('fails when %s', async (_what, rule, changes) => {
    const { code, output } = await runCheck(await repository(changes));
    expect(output).toContain(`error ${rule}:`);
    expect(code).toBe(1);
  });

  it('fails on a cycle between two folders of a service', async () => {
    const { code, output } = await runCheck(
      await repository({
        'services/alpha/src/goals/service.ts':
          "import { db } from '../db.ts';\nimport '../milestones/service.ts';\nexport const goals = db;",
      }),
    );
    expect(output).toContain('error no-cycle-between-folders: services/alpha/src/goals');
    expect(output).toContain('services/alpha/src/milestones');
    expect(code).toBe(1);
  });

  it('fails on a cycle between two folders of platform', async () => {
    const { code, output } = await runCheck(
      await repository({
        'platform/src/db/database.ts': "import '../events/outbox.ts';\nexport const db = 1;",
      }),
    );
    expect(output).toContain('error no-cycle-between-folders: platform/src/');
    expect(code).toBe(1);
  });
});
