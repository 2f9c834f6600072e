import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { de } from '../src/i18n/messages/de.ts';
import { en } from '../src/i18n/messages/en.ts';
import { es } from '../src/i18n/messages/es.ts';
import { compileCatalogue, precompileMessages } from './precompile-messages.ts';

type Values = Record<string, unknown>;

/** A value for every argument a message names: a number for plurals and numbers, a function for tags. */
function valuesFor(elements: MessageFormatElement[], values: Values = {}): Values {
  for (const element of elements) {
    if (element.type === TYPE.tag) {
      values[element.value] = (chunks: unknown[]) => `[${chunks.join('')}]`;
      valuesFor(element.children, values);
    } else if (element.type === TYPE.date || element.type === TYPE.time) {
      values[element.value] = new Date(Date.UTC(2026, 2, 5, 9, 30));
    } else if (element.type === TYPE.plural || element.type === TYPE.select) {
      values[element.value] = element.type === TYPE.plural ? 3 : 'other';
      for (const option of Object.values(element.options)) valuesFor(option.value, values);
    } else if (element.type === TYPE.argument || element.type === TYPE.number) {
      values[element.value] = 3;
    }
  }
  return values;
}

describe('the build’s precompiled catalogues', () => {
  for (const [locale, catalogue] of Object.entries({ en, es, de })) {
    it(`format every ${locale} message as its string does`, () => {
      const compiled = compileCatalogue(catalogue);
      const fromStrings = createIntl({ locale, messages: catalogue });
      const fromAsts = createIntl({ locale, messages: compiled });
      const keys = Object.keys(catalogue);
      expect(keys.length).toBeGreaterThan(500);
      for (const key of keys) {
        const values = valuesFor(compiled[key]!);
        const expected = fromStrings.formatMessage({ id: key }, values as never);
        expect([key, fromAsts.formatMessage({ id: key }, values as never)]).toEqual([key, expected]);
      }
    });
  }

  it('replaces a catalogue module with its ASTs and leaves every other module alone', async () => {
    const plugin = precompileMessages();
    const transform = plugin.transform as (
      this: { error(message: string): never },
      code: string,
      id: string,
    ) => Promise<{ code: string } | null>;
    const context = {
      error(message: string): never {
        throw new Error(message);
      },
    };
    const source =
      "export const es = { 'a.b': 'Hola {name}', 'c': 'Tienes {count, plural, one {# misión} other {# misiones}}' };";
    const result = await transform.call(context, source, '/repo/web/src/i18n/messages/es.ts');
    const module = (await import(
      `data:text/javascript;base64,${Buffer.from(result!.code).toString('base64')}`
    )) as { es: Record<string, MessageFormatElement[]> };
    expect(module.es['a.b']).toEqual([
      { type: TYPE.literal, value: 'Hola ' },
      { type: TYPE.argument, value: 'name' },
    ]);
    expect(module.es.c?.[1]).toMatchObject({ type: TYPE.plural, value: 'count' });
    expect(await transform.call(context, source, '/repo/web/src/social/FeedTab.tsx')).toBeNull();
  });

  it('leaves the catalogues to react-intl: no other app code reads their entries, which the build makes ASTs', () => {
    // Under happy-dom, URL is the DOM's (fileURLToPath refuses it): the path is read off it instead.
    const src = join(dirname(decodeURIComponent(new URL(import.meta.url).pathname)), '..', 'src');
    const readers = (readdirSync(src, { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .filter((file) =>
        /import \{[^}]*\b(en|es|de)\b[^}]*\} from '[./]*(i18n\/)?messages\//.test(
          readFileSync(join(src, file), 'utf8'),
        ),
      )
      .sort();
    // The provider, the toast translator and the loader hand the catalogues to react-intl whole.
    expect(readers).toEqual(['i18n/I18nProvider.tsx', 'i18n/catalogue.ts', 'i18n/translate.ts']);
  });
});
