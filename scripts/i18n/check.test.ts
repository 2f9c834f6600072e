import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkI18n } from './check.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const trees: string[] = [];

/** A copy of the web app's sources, to plant mistakes in. */
async function copyOfWeb(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'lq-i18n-'));
  trees.push(root);
  await cp(join(repo, 'web/src'), join(root, 'web/src'), { recursive: true });
  return root;
}

afterEach(async () => {
  await Promise.all(trees.splice(0).map((root) => rm(root, { recursive: true, force: true })));
});

describe('the i18n check', () => {
  it('passes on the tree', async () => {
    expect(await checkI18n(repo)).toEqual([]);
  });

  it('fails on text written in JSX, in a text attribute and in a rendered conditional, outside the catalogues', async () => {
    const root = await copyOfWeb();
    await writeFile(
      join(root, 'web/src/profile/Planted.tsx'),
      [
        'export function Planted({ on, t }: { on: boolean; t: (key: string) => string }) {',
        '  return (',
        '    <section aria-label="Planted section" className="grid gap-2" data-testid="planted">',
        '      <h2>Hello hero</h2>',
        "      <p>{on ? 'Switched on' : t('language.title')}</p>",
        "      <p>{42} / {t('language.label')}</p>",
        '    </section>',
        '  );',
        '}',
      ].join('\n'),
    );
    expect(await checkI18n(root)).toEqual([
      'profile/Planted.tsx: hard-coded text "Planted section"',
      'profile/Planted.tsx: hard-coded text "Hello hero"',
      'profile/Planted.tsx: hard-coded text "Switched on"',
    ]);
  });

  it('fails on a constant of hard-coded text a text attribute or a child names (a template literal too)', async () => {
    const root = await copyOfWeb();
    await writeFile(
      join(root, 'web/src/profile/Planted.tsx'),
      [
        'export function Planted({ days, t }: { days: number; t: (key: string) => string }) {',
        // A template literal: `${days}-day streak`.
        `  const label = \`${'$'}{days}-day streak\`;`,
        "  const heading = days > 1 ? 'Many days' : t('language.title');",
        "  const testId = 'planted';",
        '  return (',
        '    <p title={label} aria-label={label} data-testid={testId}>',
        '      {heading}',
        '    </p>',
        '  );',
        '}',
      ].join('\n'),
    );
    expect(await checkI18n(root)).toEqual([
      'profile/Planted.tsx: hard-coded text "Many days"',
      'profile/Planted.tsx: hard-coded text "…-day streak"',
      'profile/Planted.tsx: hard-coded text "…-day streak"',
    ]);
  });

  it('fails on a key missing from a catalogue, and on t() naming no key', async () => {
    const root = await copyOfWeb();
    const es = join(root, 'web/src/i18n/messages/es.ts');
    const { readFile } = await import('node:fs/promises');
    await writeFile(es, (await readFile(es, 'utf8')).replace(/^ {2}'hall\.rename': .*\n/m, ''));
    await writeFile(
      join(root, 'web/src/profile/Planted.tsx'),
      "export const Planted = ({ t }: { t: (key: string) => string }) => <p>{t('hall.nonexistent')}</p>;\n",
    );
    expect(await checkI18n(root)).toEqual([
      'es: missing key hall.rename',
      "profile/Planted.tsx: t('hall.nonexistent') names no key",
    ]);
  });

  it('lets a file listed as English-only keep its text until it is translated', async () => {
    const root = await copyOfWeb();
    await writeFile(
      join(root, 'web/src/profile/Planted.tsx'),
      'export const Planted = () => <p>Hello hero</p>;\n',
    );
    expect(await checkI18n(root)).toHaveLength(1);
    await writeFile(join(root, 'web/src/i18n/english-only.txt'), 'profile/Planted.tsx\n', { flag: 'a' });
    expect(await checkI18n(root)).toEqual([]);
  });
});
