import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { schemaDisagreements } from './schema-agreement.ts';

function prismaDir(schema: string, migration: string): URL {
  const dir = mkdtempSync(join(tmpdir(), 'lq-agree-'));
  mkdirSync(join(dir, 'migrations'));
  writeFileSync(join(dir, 'schema.prisma'), schema);
  writeFileSync(join(dir, 'migrations', '0001_init.sql'), migration);
  return pathToFileURL(`${dir}/`);
}

const schema = `
datasource db {
  provider = "postgresql"
  schemas  = ["demo"]
}
model Quest {
  id       String   @id @db.Uuid
  title    String
  deadline DateTime? @db.Date
  slug     String   @unique
  @@map("quests")
  @@schema("demo")
}`;

it('finds nothing to report when the migrations build exactly what the schema describes', async () => {
  const sql = `create table demo.quests (id uuid primary key, title text not null, deadline date,
    slug text not null unique);`;
  expect(await schemaDisagreements(prismaDir(schema, sql))).toEqual([]);
});

it('reports a missing column, a wrong type, a nullability drift, a missing unique and an extra column', async () => {
  const sql = `create table demo.quests (id uuid primary key, title varchar(10), slug text not null,
    legacy int);`;
  const problems = await schemaDisagreements(prismaDir(schema, sql));
  expect(problems).toEqual(
    expect.arrayContaining([
      expect.stringContaining('Quest.deadline: column quests.deadline is missing'),
      expect.stringContaining('Quest.title: column type is character varying, schema says text'),
      expect.stringContaining('Quest.title: column is nullable, schema says required'),
      expect.stringContaining('Quest.slug: no unique index'),
      expect.stringContaining('column quests.legacy is not in schema.prisma'),
    ]),
  );
});

it('reports a table the schema does not know and a model without a table', async () => {
  const problems = await schemaDisagreements(prismaDir(schema, 'create table demo.stray (id int);'));
  expect(problems).toEqual(
    expect.arrayContaining([
      'model Quest: table demo.quests is missing',
      'table demo.stray has no model in schema.prisma',
    ]),
  );
});
