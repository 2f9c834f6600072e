import * as chrono from 'chrono-node';
import { addDays, addMonths, lastDayOfMonth, startOfDay, toIsoDate, utcDate } from './calendar.ts';
import { NUMBER_WORD_PATTERN, parseNumberToken } from './numbers.ts';

// Natural-language deadlines. chrono-node does the heavy lifting ('by June 1', 'in three months',
// 'within 90 days'); the rules here cover what it misreads for goals: season and year-end phrases,
// bare years, and durations that are not deadlines at all ('30 minutes', '3 times a week', 'every Monday').

export type Deadline = {
  /** yyyy-mm-dd */
  date: string;
  /** The words that named it, so the goal phrase can be cleaned of them. */
  phrase: string;
};

type Found = { date: Date; index: number; length: number };

const MONTH_ONLY =
  /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)$/i;
const WEEKDAY_ONLY = /^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*$/i;
const CLOCK_WORDS =
  /\b(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|am|pm|o'clock|noon|midnight|tonight|morning|evening|afternoon|night|now|today)\b|\d:\d\d/i;
const RHYTHM = /(?:^|\s)(?:a|per|each|every)\s+(?:day|week|month|night)$/i;
const BARE_SPAN = /^(?:\d+|[a-z]+)\s+(?:days?|weeks?|months?|years?)$/i;
const CONNECTOR_BEFORE =
  /\b(?:by|before|until|till|in|within|during|over|for|of|on|around|mid-?|early|late|end of|this|next|due|deadline:?|throughout|through|to)\s*(?:the\s+)?$/i;
/** Words before a month that mean all of it, so the month's last day: 'in June', 'the whole of January'. */
const WHOLE_MONTH = /\b(?:in|during|end of|late|throughout|through|(?:whole|all|rest|month) of)\s*$/i;
/** Words before a date that belong to it, and leave the goal's phrase with it. */
const LEADING =
  /\b(?:by|before|until|till|no later than|within|over|for|in|on|around|mid-?|end of|the|(?:for\s+)?(?:the\s+)?(?:whole|rest|month) of|(?:for\s+)?all of|(?:all\s+)?through(?:out)?)\s*(?:the\s+)?(?:(?:next|this|coming)\s+)?$/i;

const SEASONS: Record<string, [number, number]> = {
  spring: [2, 20],
  summer: [5, 21],
  fall: [8, 22],
  autumn: [8, 22],
  winter: [11, 21],
};

const HOLIDAYS: Record<string, [number, number]> = {
  christmas: [11, 25],
  xmas: [11, 25],
  "new year's eve": [11, 31],
  halloween: [9, 31],
  "valentine's day": [1, 14],
  valentines: [1, 14],
};

const SPAN_COUNT = `\\d+(?:\\.\\d+)?|a couple of|a couple|a few|several|an?|${NUMBER_WORD_PATTERN}`;

function spanCount(token: string): number | null {
  const t = token.toLowerCase();
  if (t === 'a' || t === 'an') return 1;
  if (t.startsWith('a couple')) return 2;
  if (t === 'a few') return 3;
  if (t === 'several') return 4;
  return parseNumberToken(t);
}

/** The next occurrence of month/day strictly after today. */
function nextOccurrence(today: Date, month: number, day: number): Date {
  const thisYear = utcDate(today.getUTCFullYear(), month, day);
  return thisYear > today ? thisYear : utcDate(today.getUTCFullYear() + 1, month, day);
}

const MONTH_SPAN = new RegExp(
  `\\b(?:(?:in|within|over|for|after)\\s+(?:the\\s+)?(?:next\\s+)?|^\\s*)(${SPAN_COUNT})\\s+(months?|years?)\\b(?:\\s+from now)?|\\b(${SPAN_COUNT})\\s+(months?|years?)\\s+from now\\b|\\bin half a year\\b`,
);
const DAY_SPAN = new RegExp(
  // 'in one day' is how far, not by when ('hike 20 miles in one day').
  `\\b(?:for|in|within|over|after)\\s+(?:the\\s+)?(?:next\\s+)?(?!(?:one|a|a single)\\s+day\\b)(${SPAN_COUNT})\\s+(days?|weeks?)\\b(?:\\s+from now)?`,
);

function ruleBased(lower: string, today: Date): Found | null {
  const year = today.getUTCFullYear();
  const rules: Array<[RegExp, (m: RegExpExecArray) => Date | null]> = [
    [/\b(?:the )?end of next year\b/, () => utcDate(year + 1, 11, 31)],
    [/\b(?:by |before |until )?(?:the )?end of (?:the |this )?year\b/, () => utcDate(year, 11, 31)],
    [/\b(?:by|before) next year\b/, () => utcDate(year, 11, 31)],
    [/\b(?:the )?end of (20\d\d)\b/, (m) => utcDate(Number(m[1]), 11, 31)],
    [/\b(?:by|before|until) (20\d\d)\b/, (m) => utcDate(Number(m[1]) - 1, 11, 31)],
    [/\b(?:in|during|within) (20\d\d)\b/, (m) => utcDate(Number(m[1]), 11, 31)],
    [
      /\b(?:(?:by|before|until) )?(?:the )?end of (?:the |this )?month\b|\b(?:(?:in|during|within) )?this month\b/,
      () => lastDayOfMonth(year, today.getUTCMonth()),
    ],
    [
      // Not 'for the next month' or 'over the next month': a span, counted below.
      /\b(?:(?:by|before|until|in|during) )?(?:the end of )?(?<!\b(?:the|for|over|within) )next month\b/,
      (m) => {
        const next = addMonths(utcDate(year, today.getUTCMonth(), 1), 1);
        // 'by next month' is its first day; 'in' or 'by the end of next month' its last.
        return /^(?:by|before|until) next/.test(m[0])
          ? next
          : lastDayOfMonth(next.getUTCFullYear(), next.getUTCMonth());
      },
    ],
    // Month and year spans are counted here, not by chrono, so Nov 30 + 3 months is Feb 28, not Mar 2.
    [
      MONTH_SPAN,
      (m) => {
        if (!m[1] && !m[3]) return addMonths(today, 6);
        const count = spanCount(m[1] ?? m[3]!);
        if (count === null || count <= 0) return null;
        const months = (m[2] ?? m[4]!).startsWith('year') ? count * 12 : count;
        return Number.isInteger(months)
          ? addMonths(today, months)
          : addDays(today, Math.round(months * 30.44));
      },
    ],
    // Day and week spans are counted here too: chrono merges 'every night for 60 days' into a time of day.
    [
      DAY_SPAN,
      (m) => {
        const count = spanCount(m[1]!);
        if (count === null || count <= 0) return null;
        return addDays(today, Math.round(count * (m[2]!.startsWith('week') ? 7 : 1)));
      },
    ],
    [
      /\b(?:for|over|in|within|during)\s+the\s+(?:next|coming)\s+(year|month|week)\b/,
      (m) =>
        m[1] === 'year' ? addMonths(today, 12) : m[1] === 'month' ? addMonths(today, 1) : addDays(today, 7),
    ],
    [/\b(?:for|over) (?:a|an|one|the next) week\b/, () => addDays(today, 7)],
  ];
  for (const [pattern, toDate] of rules) {
    const m = pattern.exec(lower);
    if (!m) continue;
    const date = toDate(m);
    if (date) return { date, index: m.index, length: m[0].length };
  }
  return null;
}

/**
 * '15/09/2026' (day first, as in Britain) and '4/30/2026' (month first, as in the US): whichever reading
 * is a real date. When both are ('03/04/2026'), month first, as chrono reads it.
 */
function numericDate(lower: string, today: Date): Found | null {
  const m = /\b(\d{1,2})[/.](\d{1,2})[/.](\d{4}|\d{2})\b/.exec(lower);
  if (!m) return null;
  const [a, b] = [Number(m[1]), Number(m[2])];
  const year = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  const [month, day] = a > 12 ? [b, a] : [a, b];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = utcDate(year, month - 1, day);
  if (date.getUTCMonth() !== month - 1 || date <= today) return null;
  const lead = /\b(?:by|before|until|till|on|no later than)\s+(?:the\s+)?$/.exec(lower.slice(0, m.index));
  const index = lead ? lead.index : m.index;
  return { date, index, length: m.index + m[0].length - index };
}

/** 'by summer', 'end of winter', 'midsummer': weaker than a named date ('before the summer holidays on July 20'). */
function season(lower: string, today: Date): Found | null {
  const m =
    /\b(?:by |before |until )?(?:the )?(end of |late |mid-?)?(?:this |next )?(spring|summer|fall|autumn|winter)\b/.exec(
      lower,
    );
  if (!m) return null;
  const [month, day] = SEASONS[m[2]!]!;
  const start = nextOccurrence(today, month, day);
  const date =
    m[1]?.startsWith('end') || m[1]?.startsWith('late')
      ? addMonths(start, 3)
      : m[1]?.startsWith('mid')
        ? addDays(start, 45)
        : start;
  return { date, index: m.index, length: m[0].length };
}

/** Easter Sunday of `year` (the Gregorian computus, Meeus/Jones/Butcher). */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utcDate(year, month - 1, day);
}

/** Thanksgiving (United States): the fourth Thursday of November. */
function thanksgiving(year: number): Date {
  const first = utcDate(year, 10, 1).getUTCDay();
  return utcDate(year, 10, 1 + ((4 - first + 7) % 7) + 21);
}

/** A holiday whose date moves from year to year, on or after `today`'s next day. */
function nextMovable(today: Date, dateIn: (year: number) => Date): Date {
  const thisYear = dateIn(today.getUTCFullYear());
  return thisYear > today ? thisYear : dateIn(today.getUTCFullYear() + 1);
}

/** 'by Christmas', but not 'the christmas market by 1 December': a holiday is the weakest named date. */
function holiday(lower: string, today: Date): Found | null {
  const m =
    /\b(?:(?:by|before|until|till|for|at|on|over|around)\s+)?(?:the\s+)?(?:next\s+|this\s+)?(christmas|xmas|new year's eve|new year's day|new year|halloween|valentine's day|valentines|easter|thanksgiving)\b(?!\s+(?:market|party|fair|dinner|shopping|lights|tree|gifts?|presents?|sale|eve|resolutions?|egg hunt))(\s+next year)?/.exec(
      lower,
    );
  if (!m) return null;
  const name = m[1]!;
  // 'by Christmas next year': the holiday in next year's calendar.
  const year = m[2] ? today.getUTCFullYear() + 1 : null;
  const movable = name === 'easter' ? easterSunday : name === 'thanksgiving' ? thanksgiving : null;
  const fixed = HOLIDAYS[name];
  const dated = movable
    ? year !== null
      ? movable(year)
      : nextMovable(today, movable)
    : fixed
      ? year !== null
        ? utcDate(year, fixed[0], fixed[1])
        : nextOccurrence(today, fixed[0], fixed[1])
      : utcDate(today.getUTCFullYear() + 1, 0, 1);
  return { date: dated, index: m.index, length: m[0].length };
}

/**
 * 'by May', 'in May': chrono leaves the month alone, since 'may' is also a verb ('I may run'). After a
 * word that asks for a date it is the month.
 */
function may(lower: string, today: Date): Found | null {
  const m =
    /\b(by|before|until|till|in|during|(?:the )?end of|late|mid-?|early|(?:the )?(?:whole|rest) of|throughout)\s+(?:next\s+|this\s+)?may\b(?!\s*\d)/.exec(
      lower,
    );
  if (!m) return null;
  const first = nextOccurrence(today, 4, 1);
  const date = WHOLE_MONTH.test(`${m[1]} `)
    ? lastDayOfMonth(first.getUTCFullYear(), 4)
    : /^mid/.test(m[1]!)
      ? utcDate(first.getUTCFullYear(), 4, 15)
      : first;
  return { date, index: m.index, length: m[0].length };
}

/**
 * 'a 30-day plank challenge', 'a 100-day writing streak': its days are the span. The words stay the
 * goal's (the phrase is empty), since they name it.
 */
function challenge(lower: string, today: Date): Found | null {
  const m = /\b(\d+)[- ]day (?:[a-z]+ )?(?:streak|challenge)\b/.exec(lower);
  return m ? { date: addDays(today, Number(m[1])), index: m.index, length: 0 } : null;
}

/** 'next year' alone ('run 3 half marathons next year'): by its end. A date before it is read by chrono. */
function nextYear(lower: string, today: Date): Found | null {
  const m = /\b(?:(?:in|during|over|for|sometime|within)\s+)?(?:the\s+)?next year\b/.exec(lower);
  return m
    ? { date: utcDate(today.getUTCFullYear() + 1, 11, 31), index: m.index, length: m[0].length }
    : null;
}

/** 'this year' is the weakest hint: any other date in the message wins over it. */
function thisYear(lower: string, today: Date): Found | null {
  const m = /\bthis year\b/.exec(lower);
  return m ? { date: utcDate(today.getUTCFullYear(), 11, 31), index: m.index, length: m[0].length } : null;
}

/** Rhythms blanked out (same length, so indexes hold): chrono reads 'a month until June' as one date. */
function withoutRhythms(text: string): string {
  return text.replace(
    /\b(?:(?:a|per|each|every)\s+(?:day|week|month|night|morning|evening)|every\s+(?:other|two|2|second|few)\s+(?:days?|weeks?|months?)|in (?:one|a single|a) (?:day|go|session|sitting))\b/gi,
    (m) => ' '.repeat(m.length),
  );
}

function chronoBased(original: string, today: Date): Found | null {
  const text = withoutRhythms(original);
  const results = chrono.en.parse(text, { instant: today, timezone: 0 }, { forwardDate: true });
  for (const r of results) {
    const words = r.text.trim();
    const before = text.slice(0, r.index);
    if (CLOCK_WORDS.test(words) || RHYTHM.test(words)) continue;
    // 'every Sunday until March': chrono reads one range from the weekday; its end is the deadline.
    const until = r.end ? /\b(?:until|till|through)\s+/i.exec(words) : null;
    if (until && r.end && WEEKDAY_ONLY.test(words.slice(0, until.index).trim())) {
      let end = startOfDay(r.end.date());
      if (MONTH_ONLY.test(words.slice(until.index + until[0].length).trim()) && /^through/i.test(until[0]))
        end = lastDayOfMonth(end.getUTCFullYear(), end.getUTCMonth());
      if (end > today) return { date: end, index: r.index + until.index, length: words.length - until.index };
    }
    // '1500 m' is a distance, not fifteen hundred hours.
    if (/^\d[\d,.]*\s*(?:m|km|k|mi|kg|lbs?|g)$/i.test(words)) continue;
    if (/\b(?:every|each|per|a)\s*$/i.test(before)) continue;
    if (WEEKDAY_ONLY.test(words) && !/\b(?:by|before|until|till|next|this)\s*$/i.test(before)) continue;
    // A bare amount of time ('an emergency fund of 3 months') is a size, not a deadline.
    if (
      BARE_SPAN.test(words) &&
      !/\b(?:in|within|for|over|after|next)\s*$/i.test(before) &&
      before.trim() !== ''
    )
      continue;
    if (MONTH_ONLY.test(words) && !CONNECTOR_BEFORE.test(before)) continue;
    if (/^\d+[- ]day$/i.test(words) || /^this year$/i.test(words)) continue;
    let date = startOfDay(r.start.date());
    // 'in June' and 'during June' mean by the end of it; 'by June' keeps the first.
    if (MONTH_ONLY.test(words) && WHOLE_MONTH.test(before)) {
      // 'in January' said in January is the rest of this one, not next year's.
      const thisOne = lastDayOfMonth(today.getUTCFullYear(), date.getUTCMonth());
      date =
        date.getUTCMonth() === today.getUTCMonth() && thisOne > today
          ? thisOne
          : lastDayOfMonth(date.getUTCFullYear(), date.getUTCMonth());
    }
    if (/\bmid-?\s*$/i.test(before)) {
      date = utcDate(date.getUTCFullYear(), date.getUTCMonth(), 15);
    }
    // 'December 31 next year': a date without its year moved on by the year named after it.
    const nextYear = /^,?\s+(?:of\s+)?next year\b/i.exec(text.slice(r.index + r.text.length));
    let end = r.index + r.text.length;
    if (nextYear && !r.start.isCertain('year')) {
      date = utcDate(today.getUTCFullYear() + 1, date.getUTCMonth(), date.getUTCDate());
      end += nextYear[0].length;
    }
    // 'by December' said in December: chrono gives this one's first day, already here; the next one is meant,
    // as chrono reads it on any later day of the month.
    if (MONTH_ONLY.test(words) && date <= today && date.getUTCMonth() === today.getUTCMonth()) {
      date = utcDate(date.getUTCFullYear() + 1, date.getUTCMonth(), date.getUTCDate());
    }
    if (date <= today) continue;
    const leading = LEADING.exec(before);
    const index = leading ? leading.index : r.index;
    return { date, index, length: end - index };
  }
  return null;
}

/** The deadline named in `text`, if it is after `today`. */
export function readDeadline(text: string, today: Date): Deadline | null {
  const day = startOfDay(today);
  const lower = text.toLowerCase();
  const found =
    numericDate(lower, day) ??
    ruleBased(lower, day) ??
    challenge(lower, day) ??
    chronoBased(text, day) ??
    may(lower, day) ??
    season(lower, day) ??
    holiday(lower, day) ??
    nextYear(lower, day) ??
    thisYear(lower, day);
  if (!found || found.date <= day) return null;
  return { date: toIsoDate(found.date), phrase: text.slice(found.index, found.index + found.length) };
}

/** 'no deadline', 'whenever', 'no rush': the hero declines to name a date. */
export function declinesDeadline(text: string): boolean {
  return /\b(?:no (?:deadline|rush|hurry|date|timeline|time ?frame)|whenever|no idea when|any ?time|eventually|someday|at some point|not sure when|don't know when|dont know when|no specific (?:date|time))\b/i.test(
    text,
  );
}
