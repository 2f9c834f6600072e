import type { Locale, NotificationItem } from '@lifequest/proto';
import { formatDay, formatNumber } from '../i18n/format.ts';
import type { MessageKey } from '../i18n/messages/en.ts';
import type { Translate } from '../i18n/useT.ts';

// A notification's title and body are written by the social service, in English, when it is stored
// (services/social/src/notifications/store.ts); an item carries its kind, not its particulars. Another
// language reads them again from those sentences: each kind's sentence, its particulars taken out and
// put into the catalogue's (docs/features/languages.md#notifications). A sentence that does not match
// (reworded on the server, or written by an older version) is shown as the server wrote it.

type Parts = Record<string, string>;

interface Sentence {
  pattern: RegExp;
  key: MessageKey;
  /** The parts as the message wants them (numbers and days written the hero's way). */
  values?: (parts: Parts, locale: Locale) => Record<string, string | number>;
}

const NUMBER = (value: string, locale: Locale) => formatNumber(Number(value), locale);

const TITLES: Partial<Record<NotificationItem['kind'], Sentence>> = {
  friend_request: { pattern: /^New friend request$/, key: 'notifications.friendRequest.title' },
  friend_accepted: { pattern: /^Friend request accepted$/, key: 'notifications.friendAccepted.title' },
  like: { pattern: /^New like$/, key: 'notifications.like.title' },
  challenge_ending: {
    pattern: /^“(?<title>.*)” ends within 24 hours$/s,
    key: 'notifications.challengeEnding.title',
  },
  streak_at_risk: { pattern: /^Your streak is at risk$/, key: 'notifications.streakAtRisk.title' },
  streak_frozen: { pattern: /^Streak frozen$/, key: 'notifications.streakFrozen.title' },
  quest_at_risk: { pattern: /^“(?<title>.*)” is at risk$/s, key: 'notifications.questAtRisk.title' },
};

const BODIES: Partial<Record<NotificationItem['kind'], Sentence>> = {
  friend_request: {
    pattern: /^(?<name>.+) wants to be your friend\.$/s,
    key: 'notifications.friendRequest.body',
  },
  friend_accepted: {
    pattern: /^(?<name>.+) is now your friend\.$/s,
    key: 'notifications.friendAccepted.body',
  },
  like: { pattern: /^(?<name>.+) liked “(?<title>.*)”\.$/s, key: 'notifications.like.body' },
  challenge_ending: {
    pattern: /^You are at (?<progress>\d+(?:\.\d+)?)\/(?<target>\d+(?:\.\d+)?)\.$/,
    key: 'notifications.challengeEnding.body',
    values: (parts, locale) => ({
      progress: NUMBER(parts.progress ?? '0', locale),
      target: NUMBER(parts.target ?? '0', locale),
    }),
  },
  streak_at_risk: {
    pattern: /^Complete a milestone or log progress before midnight to keep your (?<count>\d+)-day streak\.$/,
    key: 'notifications.streakAtRisk.body',
    values: (parts) => ({ count: Number(parts.count) }),
  },
  streak_frozen: {
    pattern:
      /^You missed (?<day>\d{4}-\d{2}-\d{2}), and a freeze kept your (?<count>\d+)-day streak alive \((?<left>\d+) left\)\.$/,
    key: 'notifications.streakFrozen.body',
    values: (parts, locale) => ({
      day: formatDay(parts.day, locale),
      count: Number(parts.count),
      left: Number(parts.left),
    }),
  },
  // quest_at_risk's body is the Pathfinder's own reason, free text: it stays as written.
};

function again(sentence: Sentence | undefined, text: string, t: Translate, locale: Locale): string {
  const match = sentence?.pattern.exec(text);
  if (!sentence || !match) return text;
  const parts = { ...match.groups } as Parts;
  return t(sentence.key, sentence.values ? sentence.values(parts, locale) : parts);
}

/** A notification's title and body in the hero's language; in English, the server's words as they are. */
export function notificationText(
  item: Pick<NotificationItem, 'kind' | 'title' | 'body'>,
  t: Translate,
  locale: Locale,
): { title: string; body: string } {
  if (locale === 'en') return { title: item.title, body: item.body };
  return {
    title: again(TITLES[item.kind], item.title, t, locale),
    body: again(BODIES[item.kind], item.body, t, locale),
  };
}
