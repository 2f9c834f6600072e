import {
  formatDate,
  formatProgressValue,
  formatTargetValue,
  type Locale,
  MIN_SEC_UNIT,
} from '@lifequest/proto';
import type { Translate } from './useT.ts';

// Dates, numbers and money in the hero's language (docs/features/languages.md). English keeps the
// product's own formatters (proto/src/rules), so its text is the spec's to the byte; other languages go
// through Intl. Calendar dates are UTC, as proto/src/rules/time.ts explains.

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();

/** A deadline or a day: 'Mar 5, 2026', '5 mar 2026', '05.03.2026'; '' when absent or unreadable. */
export function formatDay(date: Date | string | number | null | undefined, locale: Locale): string {
  if (locale === 'en') return formatDate(date);
  if (date === null || date === undefined || date === '') return '';
  const time = new Date(date).getTime();
  if (Number.isNaN(time)) return '';
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    dateFormats.set(locale, format);
  }
  return format.format(time);
}

/** A day the English screens write as ISO ('2026-03-05'): as is in English, as formatDay elsewhere. */
export function formatIsoDay(day: string, locale: Locale): string {
  return locale === 'en' ? day : formatDay(day, locale) || day;
}

/** A chart axis's day (an ISO date): '03-05' in English, '5 mar' in Spanish, '05.03.' in German. */
export function formatMonthDay(day: string, locale: Locale): string {
  if (locale === 'en') return day.slice(5);
  const time = new Date(day).getTime();
  if (Number.isNaN(time)) return day;
  return new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: locale === 'de' ? '2-digit' : 'short',
    timeZone: 'UTC',
  }).format(time);
}

/** A moment with its time of day: the browser's own wording in English (as before), the hero's language elsewhere. */
export function formatDateTime(date: Date | string, locale: Locale): string {
  const time = new Date(date);
  if (Number.isNaN(time.getTime())) return '';
  if (locale === 'en') return time.toLocaleString();
  return time.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** US dollars to a fixed number of decimals (the admin's costs): '$0.1234', '0,1234 US$', '0,1234 $'. */
export function formatUsd(usd: number, locale: Locale, digits: number): string {
  const value = Number.isFinite(usd) ? usd : 0;
  if (locale === 'en') return `$${value.toFixed(digits)}`;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

export function formatNumber(value: number, locale: Locale): string {
  return value.toLocaleString(locale === 'en' ? 'en-US' : locale);
}

/**
 * A count the English screens show ungrouped ('1500 XP', as the product writes it), grouped the
 * locale's way elsewhere ('1.500'). A string, so the message does not group it again.
 */
export function formatCount(value: number, locale: Locale): string {
  return locale === 'en' ? String(value) : formatNumber(value, locale);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Feed labels (docs/product.md#fellowship-hall): 'Just now', '5m ago', '3h ago', '2d ago' and their translations. */
export function timeAgoText(when: Date | string, now: Date, t: Translate): string {
  const elapsed = now.getTime() - new Date(when).getTime();
  if (Number.isNaN(elapsed)) return '';
  if (elapsed < MINUTE) return t('time.justNow');
  if (elapsed < HOUR) return t('time.minutesAgo', { count: Math.floor(elapsed / MINUTE) });
  if (elapsed < DAY) return t('time.hoursAgo', { count: Math.floor(elapsed / HOUR) });
  return t('time.daysAgo', { count: Math.floor(elapsed / DAY) });
}

const CURRENCIES: Record<string, string> = { $: 'USD', '€': 'EUR', '£': 'GBP' };
const MONEY_UNIT = /^([$€£])(\/\S+)?$/;

/** A metric with its unit ('$2,000', '2.000 US$', '5:30', '12,5 km'), as formatProgressValue in English. */
export function formatValue(value: number, unit: string | null | undefined, locale: Locale): string {
  if (locale === 'en' || !Number.isFinite(value) || unit?.trim().toLowerCase() === MIN_SEC_UNIT) {
    return formatProgressValue(value, unit);
  }
  const label = unit?.trim() ?? '';
  const money = MONEY_UNIT.exec(label);
  if (money) {
    const cents = Math.round(Math.abs(value) * 100) % 100 !== 0;
    const amount = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: CURRENCIES[money[1] ?? '$'] ?? 'USD',
      minimumFractionDigits: cents ? 2 : 0,
      maximumFractionDigits: cents ? 2 : 0,
    }).format(value);
    return `${amount}${money[2] ?? ''}`;
  }
  if (label.toLowerCase() === 'cefr level') return formatProgressValue(value, unit);
  const number = (Math.round(value * 100) / 100 || 0).toLocaleString(locale, { maximumFractionDigits: 2 });
  if (label === '') return number;
  return label === '%' ? `${number} %` : `${number} ${label}`;
}

/** A target standing alone: a time also names its unit ('27:00 min:s'). */
export function formatTarget(value: number, unit: string | null | undefined, locale: Locale): string {
  if (locale === 'en') return formatTargetValue(value, unit);
  const text = formatValue(value, unit, locale);
  return unit?.trim().toLowerCase() === MIN_SEC_UNIT && text !== '' ? `${text} ${MIN_SEC_UNIT}` : text;
}
