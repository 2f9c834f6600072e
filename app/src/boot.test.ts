import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lockDataDir } from '@lifequest/platform';
import { expect, it } from 'vitest';
import { runToExit } from './testing/processes.ts';

it('a second LifeQuest process on the same data dir is refused at boot with a clear message', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lq-lock-'));
  const release = await lockDataDir(dir, () => {});
  try {
    const { code, output } = await runToExit([], { LIFEQUEST_DATA_DIR: dir, PORT: '0' });
    expect(code).toBe(1);
    expect(output).toContain('is in use by another LifeQuest process');
  } finally {
    await release();
  }
});

it('a single-service target without its infrastructure is refused at boot', async () => {
  const { code, output } = await runToExit(['--target', 'quests'], {});
  expect(code).toBe(78);
  expect(output).toContain("DATABASE_URL: required when the target is 'quests'");
});
