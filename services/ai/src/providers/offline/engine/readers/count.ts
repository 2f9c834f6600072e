import { LANGUAGES } from './level.ts';
import { NUM, parseNumberToken } from './numbers.ts';
import type { Target } from './quantity.ts';

// Counts of things made, read, learned or written: 'read 12 books', 'write 4 blog posts', 'learn 500
// Spanish words', 'publish 3 case studies', and the same counts used as adjectives: 'a 60,000-word
// draft', 'my 80k word novel', 'a 10-song album', 'a 300-page thesis'.

export type CountFound = { target: Target; index: number; end: number };

/** Words after a number that are not the thing being counted. */
const NOT_A_THING =
  /^(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|times?|x|am|pm|percent|kg|kgs|kilos?|lbs?|pounds?|km|kms|k|mi|miles?|dollars|bucks|euros?|of|more|less|per|a|an|and|or|to|in|by|on|for|at|the|year-old|years-old|%|o'clock|out|or so|ish|st|nd|rd|th)$/;
/** Words that may sit between the number and the thing ('500 new Spanish words'). */
const FILLER =
  /^(?:new|more|different|extra|whole|full|short|long|good|great|small|big|online|separate|unique)$/;
/** A language or a people in front of the thing counted: 'japanese kanji', 'spanish vocabulary'. */
const LANGUAGE = new RegExp(`^(?:${LANGUAGES})$`);
/** Words that end a noun phrase even though they end in s. */
const NOT_A_PLURAL =
  /^(?:this|as|is|was|his|its|plus|less|across|us|yes|thus|always|towards|afterwards|besides|perhaps|us)$/;
/** A number that names a thing rather than counting it: 'Level 1', 'version 1.0', 'part 2'. */
const NAMING_WORD =
  /\b(?:level|part|version|v|grade|step|module|unit|chapter|season|book|volume|vol|no|number|day|week|cs|series|phase|tier|stage|year)\s*$/;
/** The things that give a count its size when written as an adjective: 'a 60,000-word draft'. */
const ADJECTIVE_NOUNS =
  'word|page|song|track|chapter|episode|poem|story|post|article|video|minute|hour|mile|km|day|week|piece|painting|photo|drawing|sketch|recipe|lesson';

function plural(noun: string): string {
  if (/(?:s|x|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return noun.replace(/y$/, 'ies');
  return `${noun}s`;
}

const looksPlural = (word: string) => /[^su]s$/.test(word) && !NOT_A_PLURAL.test(word);

/** The noun phrase after a number, up to its first plural: '500 us state capitals' -> 'state capitals'. */
function thingAfter(words: string[]): string | null {
  const phrase: string[] = [];
  for (const word of words.slice(0, 4)) {
    if (!/^[a-z][a-z'-]*$/.test(word) || NOT_A_THING.test(word)) break;
    if (phrase.length === 0 && FILLER.test(word)) continue;
    phrase.push(word);
    if (looksPlural(word))
      return phrase
        .filter((w) => !/^(?:us|uk|eu)$/.test(w))
        .slice(-2)
        .join(' ');
  }
  // No plural within reach ('1000 kanji'): the word right after the number, past a language or a
  // people that only says which ('500 japanese kanji').
  return (LANGUAGE.test(phrase[0] ?? '') ? phrase[1] : undefined) ?? phrase[0] ?? null;
}

const ADJECTIVE_COUNT = new RegExp(`(?:^|[^\\w$€£.,])${NUM}(k)?[- ](${ADJECTIVE_NOUNS})\\b(?!s)`);
/** Global: only read through matchAll, which matches on a copy. */
const COUNTED = new RegExp(`(?:^|[^\\w$€£.,:/-])${NUM}(?![.,]?\\d)\\s+([a-z][a-z' -]*)`, 'g');

const ONE_PIECE = new RegExp(
  `\\b(?:my first|my|a|an|one)\\s+(?:new\\s+|first\\s+|short\\s+)?(?:[a-z]+\\s+)?(${ADJECTIVE_NOUNS})\\b(?!s|-)`,
);

/** `text` in lower case. */
export function readCount(text: string): CountFound | null {
  const adjective = ADJECTIVE_COUNT.exec(text);
  if (adjective && !/^(?:minute|hour|mile|km|day|week)$/.test(adjective[3]!)) {
    const base = parseNumberToken(adjective[1]!);
    if (base !== null && base > 0) {
      const value = adjective[2] ? base * 1000 : base;
      return {
        target: { value, unit: plural(adjective[3]!), kind: 'count' },
        index: adjective.index,
        end: adjective.index + adjective[0].length,
      };
    }
  }
  for (const m of text.matchAll(COUNTED)) {
    const index = m.index ?? 0;
    if (NAMING_WORD.test(text.slice(0, index + 1))) continue;
    const value = parseNumberToken(m[1]!);
    if (value === null || value <= 0) continue;
    const words = m[2]!.trim().split(/\s+/);
    const thing = thingAfter(words);
    if (!thing) continue;
    const last = thing.split(' ').at(-1)!;
    const end = text.indexOf(last, index) + last.length;
    return { target: { value, unit: thing, kind: 'count' }, index, end };
  }
  // 'publish my first blog post', 'record a song': one piece of work.
  const one = ONE_PIECE.exec(text);
  if (one && !/^(?:minute|hour|mile|km|day|week)$/.test(one[1]!)) {
    return {
      target: { value: 1, unit: plural(one[1]!), kind: 'count' },
      index: one.index,
      end: one.index + one[0].length,
    };
  }
  return null;
}
