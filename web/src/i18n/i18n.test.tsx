import { ERROR_CODES, type ErrorCode, LOCALES, type Locale, pickLocale } from '@lifequest/proto';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from './catalogue.ts';
import { errorKey } from './errorText.ts';
import { formatDay, formatTarget, formatValue, timeAgoText } from './format.ts';
import { I18nProvider } from './I18nProvider.tsx';
import { en, type MessageKey } from './messages/en.ts';
import { useT } from './useT.ts';

// Intl puts a no-break space between an amount and its currency; the tests read it as a space.
const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

function Line({ k, count }: { k: MessageKey; count: number }) {
  const t = useT();
  return <p>{t(k, { count, percent: 50 })}</p>;
}

async function renderIn(locale: Locale, k: MessageKey, count: number) {
  await loadCatalogue(locale);
  render(
    <I18nProvider locale={locale}>
      <Line k={k} count={count} />
    </I18nProvider>,
  );
}

describe('plural forms, the ICU way', () => {
  const cases: [Locale, number, string][] = [
    ['en', 1, '1 hero taking part'],
    ['en', 3, '3 heroes taking part'],
    ['es', 1, '1 héroe participa'],
    ['es', 3, '3 héroes participan'],
    ['de', 1, '1 Held nimmt teil'],
    ['de', 3, '3 Helden nehmen teil'],
  ];
  for (const [locale, count, text] of cases) {
    it(`${locale}: ${text}`, async () => {
      await renderIn(locale, 'challenge.taking', count);
      expect(screen.getByText(text)).toBeTruthy();
    });
  }

  it('the profile’s goal count: one and many in each language', async () => {
    await renderIn('en', 'profile.distribution.share', 1);
    expect(screen.getByText('1 goal (50%)')).toBeTruthy();
    await renderIn('de', 'profile.distribution.share', 2);
    expect(screen.getByText('2 Ziele (50 %)')).toBeTruthy();
    await renderIn('es', 'profile.distribution.share', 1);
    expect(screen.getByText('1 objetivo (50 %)')).toBeTruthy();
  });
});

describe('dates, money and numbers in the hero’s locale', () => {
  it('writes a deadline the locale’s way, English as the product always has', () => {
    expect(formatDay('2027-02-24', 'en')).toBe('Feb 24, 2027');
    expect(formatDay('2027-02-24', 'es')).toBe('24 feb 2027');
    expect(formatDay('2027-02-24', 'de')).toBe('24. Feb. 2027');
    // A calendar date is UTC: midnight UTC stays on its day in every language.
    expect(formatDay('2027-02-24T00:00:00Z', 'de')).toBe('24. Feb. 2027');
    expect(formatDay(null, 'es')).toBe('');
  });

  it('writes a sum of money with the goal’s currency, per period too', () => {
    expect(formatValue(2000, '$', 'en')).toBe('$2,000');
    expect(plain(formatValue(2000, '$', 'es'))).toBe('2000 US$');
    expect(plain(formatValue(2000, '$', 'de'))).toBe('2.000 $');
    expect(plain(formatValue(12.5, '€', 'de'))).toBe('12,50 €');
    expect(plain(formatValue(400, '€/month', 'es'))).toBe('400 €/month');
    expect(formatValue(12.5, 'km', 'de')).toBe('12,5 km');
  });

  it('keeps a time as min:s in every language', () => {
    for (const locale of LOCALES) expect(formatTarget(1620, 'min:s', locale)).toBe('27:00 min:s');
    expect(formatValue(330, 'min:s', 'de')).toBe('5:30');
  });

  it('says how long ago in each language', async () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const labels = async (locale: Locale) => {
      const messages = await loadCatalogue(locale);
      const t = (key: MessageKey, values?: Record<string, unknown>) =>
        String(messages[key])
          .replace(/\{count, plural, one \{([^}]*)\} other \{([^}]*)\}\}/, (_, one, other) =>
            values?.count === 1 ? one : other,
          )
          .replace(/#|\{count\}/g, String(values?.count));
      return [ago(10_000), ago(5 * 60_000), ago(3 * 3_600_000), ago(2 * 86_400_000)].map((when) =>
        timeAgoText(when, now, t),
      );
    };
    expect(await labels('en')).toEqual(['Just now', '5m ago', '3h ago', '2d ago']);
    expect(await labels('es')).toEqual(['Ahora mismo', 'hace 5 min', 'hace 3 h', 'hace 2 días']);
    expect(await labels('de')).toEqual(['Gerade eben', 'vor 5 Min.', 'vor 3 Std.', 'vor 2 Tagen']);
  });
});

describe('catalogues', () => {
  it('give every error code of the error table a text in every language', async () => {
    for (const locale of LOCALES) {
      const messages = await loadCatalogue(locale);
      for (const code of Object.keys(ERROR_CODES) as ErrorCode[]) {
        expect(messages[errorKey(code)], `${locale} ${code}`).toBeTruthy();
      }
    }
    expect(Object.keys(en).filter((key) => key.startsWith('errors.'))).toHaveLength(
      Object.keys(ERROR_CODES).length,
    );
  });

  it('pick the browser’s language when the app speaks it', () => {
    expect(pickLocale(['de-CH', 'en'])).toBe('de');
    expect(pickLocale(['fr-FR', 'es-MX'])).toBe('es');
    expect(pickLocale(['fr-FR'])).toBe('en');
  });
});
