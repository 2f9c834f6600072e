import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { registry } from '@lifequest/app';
import {
  createIsolatedDatabase,
  describeWithInfra,
  type IsolatedPostgres,
} from '@lifequest/platform/testing';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MIGRATE_COMMAND } from './lifequest.ts';
import { ROOT } from './repo.ts';

/** The migration step as the image runs it: its own process, configured only by its environment. */
async function runMigrate(env: Record<string, string>): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [MIGRATE_COMMAND], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', LOG_FORMAT: 'json', ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

await describeWithInfra('postgres', `the migrate step (${MIGRATE_COMMAND})`, (url) => {
  let database: IsolatedPostgres;
  beforeAll(async () => {
    database = await createIsolatedDatabase(url, 'lq_migrate');
  });
  afterAll(() => database?.dispose());

  it("applies every module's migrations to its own schema, then exits; a second run has nothing to do", async () => {
    const first = await runMigrate({ DATABASE_URL: database.url });
    expect(first, first.output).toMatchObject({ code: 0 });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      // The server's autovacuum, as the step reads it: off is worth a warning to whoever runs it.
      const { rows: setting } = await client.query<{ autovacuum: string }>('show autovacuum');
      const warned = first.output.includes("PostgreSQL's autovacuum is off");
      expect(warned, first.output).toBe(setting[0]?.autovacuum === 'off');
      for (const module of registry.modules) {
        const files = readdirSync(fileURLToPath(module.migrations)).filter((f) => f.endsWith('.sql'));
        const { rows } = await client.query(
          `select name from "${module.schema}"."_migrations" order by name`,
        );
        expect(
          rows.map((r) => r.name),
          module.schema,
        ).toEqual(files.sort());
      }
    } finally {
      await client.end();
    }
    const second = await runMigrate({ DATABASE_URL: database.url });
    expect(second, second.output).toMatchObject({ code: 0 });
    const upToDate = second.output.split('\n').filter((line) => line.includes('"msg":"up to date"'));
    expect(upToDate).toHaveLength(registry.modules.length);
  });

  it('refuses to run without PostgreSQL (exit 78) and fails when it cannot migrate (exit 1)', async () => {
    const unset = await runMigrate({});
    expect(unset.code).toBe(78);
    expect(unset.output).toContain('DATABASE_URL is required');
    const unreachable = new URL(database.url);
    unreachable.pathname = '/lq_migrate_no_such_database';
    const failed = await runMigrate({ DATABASE_URL: unreachable.toString() });
    expect(failed.code).toBe(1);
    expect(failed.output).toContain('LifeQuest could not migrate');
  });
});
