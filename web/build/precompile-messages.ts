import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const CATALOGUE = /[\\/]src[\\/]i18n[\\/]messages[\\/](?<locale>[a-z]{2})\.ts$/;

/** One catalogue's messages as ICU ASTs, which react-intl formats without parsing them. */
export function compileCatalogue(messages: Record<string, string>) {
  return Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, parse(message)]));
}

/**
 * The build ships every catalogue already parsed, and the message parser stays out of the bundle
 * (`@formatjs/icu-messageformat-parser` resolves to its `no-parser` entry): the parser was 16 kB gzip of
 * the first screen's JavaScript, and every message was parsed on the phone the first time it showed.
 * Development and the unit tests keep the strings and the parser; the browser suites run the build.
 */
export function precompileMessages(): Plugin {
  return {
    name: 'lifequest:precompile-messages',
    apply: 'build',
    // After the TypeScript is stripped: the catalogue is then a plain module of one object, run here
    // as it is (whatever Node runs the build) to read its strings.
    enforce: 'post',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
        ],
      },
    }),
    async transform(code, id) {
      const locale = CATALOGUE.exec(id)?.groups?.locale;
      if (!locale) return null;
      const source = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
      const module = (await import(source)) as Record<string, Record<string, string> | undefined>;
      const messages = module[locale];
      if (!messages) return this.error(`${id} exports no catalogue named ${locale}`);
      // JSON.parse of a string literal compiles faster than the same object as a JavaScript literal.
      const json = JSON.stringify(compileCatalogue(messages));
      return { code: `export const ${locale} = JSON.parse(${JSON.stringify(json)});\n`, map: null };
    },
  };
}
