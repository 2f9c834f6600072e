import { NUM, parseNumberToken } from './numbers.ts';
import type { Period, Target } from './quantity.ts';
import { periodOf, unitName } from './rhythm.ts';

// Cutting back: 'cut my coffee down to one cup a day', 'go from 20 cigarettes a day down to 5', 'reduce
// screen time to 2 hours a day', 'limit myself to 3 drinks a week', 'quit smoking'. The target is the
// reduced amount per period, a ceiling (quitting is 0).

export type Reduction = Target & { per: Period; bound: 'at-most' };

const PERIOD = '(?:\\s*(?:a|per|each|every|/)\\s*(day|night|week|month)\\b|\\s*(daily|nightly|weekly))?';
const CUT_VERBS =
  '(?:cut|cutting|reduce|reducing|bring|get|lower|drop|limit|limiting|keep|trim|scale|wean|go|come|slash)';

/** 'get to 10,000 steps a day' goes up; a cut needs a word that cuts. */
const CUTTING =
  /\b(?:cut|cutting|reduce|reducing|lower|drop|limit|limiting|trim|scale|wean|slash|down|back|under|below|less than|no more than|at most)\b/;

/** What quitting takes to zero, counted the way a hero would count it. */
const QUITTING: Array<[RegExp, string]> = [
  [/^(?:smoking|cigarettes?|cigs|tobacco)$/, 'cigarettes'],
  [/^(?:vaping|vapes?|e-cigarettes?)$/, 'vapes'],
  [/^(?:drinking|alcohol|booze|beer|wine)$/, 'drinks'],
  [/^(?:coffee|caffeine)$/, 'coffees'],
  [/^(?:soda|fizzy drinks|energy drinks)$/, 'drinks'],
];

function quit(text: string): Reduction | null {
  const m =
    /\b(?:quit|stop|give up|kick|ditch|no|zero|cut out|go without)\s+(?:my\s+|the\s+)?([a-z-]+(?:\s+drinks)?)\b/.exec(
      text,
    );
  if (!m) return null;
  for (const [pattern, unit] of QUITTING) {
    if (pattern.test(m[1]!)) return { value: 0, unit, kind: 'count', per: 'day', bound: 'at-most' };
  }
  return null;
}

/** The thing cut back, named between the verb and 'to': 'cut my coffee down to 1' -> 'coffees'. */
function objectOf(words: string): string | null {
  const m = /(?:my|the|our|your)?\s*([a-z]+(?:\s+(?:time|intake|use|drinks))?)\s*$/.exec(
    words.replace(/\bfrom\b.*$/, '').trim(),
  );
  if (!m || /^(?:down|back|it|that|myself|me|this|from)$/.test(m[1]!)) return null;
  const object = m[1]!.replace(/\s+(?:intake|use)$/, '');
  // 'cut my smoking to three' counts cigarettes.
  for (const [pattern, unit] of QUITTING) if (pattern.test(object)) return unit;
  return object;
}

const FROM_TO = new RegExp(
  `\\bfrom\\s+${NUM}\\s*([a-z][a-z'-]*(?:\\s+(?:drinks|cups|bars))?)?${PERIOD}\\s+(?:down\\s+|back\\s+)?to\\s+(?:under\\s+|below\\s+|just\\s+|only\\s+)?${NUM}\\s*([a-z][a-z'-]*)?${PERIOD}`,
);
const CUT_TO = new RegExp(
  `\\b${CUT_VERBS}\\b([^.!?]{0,40}?)\\b(?:down\\s+|back\\s+)?to\\s+(?:under\\s+|below\\s+|less than\\s+|no more than\\s+|at most\\s+|just\\s+|only\\s+)?${NUM}\\s*([a-z][a-z'-]*)?(?:\\s+of\\s+[a-z]+(?:\\s+[a-z]+)?)?${PERIOD}`,
);

/** `text` in lower case. */
export function readReduction(text: string): Reduction | null {
  // 'from 20 cigarettes a day down to 5', 'down from 4 energy drinks a day to 1'.
  const fromTo = FROM_TO.exec(text);
  if (fromTo) {
    const from = parseNumberToken(fromTo[1]!);
    const to = parseNumberToken(fromTo[5]!);
    const word =
      (fromTo[6] && !/^(?:by|in|within|before|until|for|a|per)$/.test(fromTo[6]) ? fromTo[6] : fromTo[2]) ??
      objectOf(text.slice(0, fromTo.index));
    if (from !== null && to !== null && to < from && word) {
      return {
        value: to,
        unit: unitName(word),
        kind: 'count',
        per: periodOf(fromTo[3] ?? fromTo[4] ?? fromTo[7] ?? fromTo[8]),
        bound: 'at-most',
        from,
      };
    }
  }
  // 'cut my coffee down to one cup a day', 'limit myself to 3 drinks a week'.
  const cut = CUT_TO.exec(text);
  if (cut && CUTTING.test(cut[0])) {
    const value = parseNumberToken(cut[2]!);
    const own = cut[3] && !/^(?:by|in|within|before|until|for|a|per|of)$/.test(cut[3]) ? cut[3] : null;
    const word = own ?? objectOf(cut[1]!);
    if (value !== null && word) {
      return {
        value,
        unit: unitName(word),
        kind: 'count',
        per: periodOf(cut[4] ?? cut[5]),
        bound: 'at-most',
      };
    }
  }
  return quit(text);
}
