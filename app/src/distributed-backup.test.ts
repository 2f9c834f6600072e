import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openPostgres } from '@lifequest/platform';
import { createIsolatedDatabase, describeWithInfra } from '@lifequest/platform/testing';
import { expect, it } from 'vitest';
import { registry } from './registry.ts';

// The distributed mode's backups (docs/features/data-ownership.md#backups): each service's schema is
// dumped on its own with pg_dump and restored with pg_restore, as the doc's commands say.
await describeWithInfra('postgres', 'pg_dump and pg_restore per schema', (postgresUrl) => {
  it('a schema dumped from one database restores into an empty one with its rows and its functions', async () => {
    await using source = await createIsolatedDatabase(postgresUrl, 'lq_backup_src');
    await using target = await createIsolatedDatabase(postgresUrl, 'lq_backup_dst');
    const db = await openPostgres(source.url);
    const userId = crypto.randomUUID();
    try {
      for (const module of registry.modules) await migrate(db, module.schema, module.migrations);
      await db.query(
        `insert into quests.goals (id, user_id, title, updated_at) values ($1, $2, 'Kept', now())`,
        [crypto.randomUUID(), userId],
      );
    } finally {
      await db.close();
    }
    const dir = mkdtempSync(join(tmpdir(), 'lq-pgdump-'));
    for (const module of registry.modules) {
      const file = join(dir, `${module.schema}.dump`);
      execFileSync('pg_dump', ['--format=custom', `--schema=${module.schema}`, `--file=${file}`, source.url]);
      execFileSync('pg_restore', ['--no-owner', `--dbname=${target.url}`, file]);
    }
    const restored = await openPostgres(target.url);
    try {
      expect(await restored.query('select title from quests.goals where user_id = $1', [userId])).toEqual([
        { title: 'Kept' },
      ]);
      // The guard a purge relies on came along (quests' migration 0007), and so did the migrations' record.
      const [lock] = await restored.query<{ key: string }>(
        'select quests.hero_lock_key($1::uuid)::text as key',
        [userId],
      );
      expect(lock?.key).toMatch(/^-?\d+$/);
      const again = await openPostgres(target.url);
      try {
        for (const module of registry.modules) {
          const result = await migrate(again, module.schema, module.migrations);
          expect(result.applied, module.schema).toEqual([]);
        }
      } finally {
        await again.close();
      }
    } finally {
      await restored.close();
    }
  });
});
