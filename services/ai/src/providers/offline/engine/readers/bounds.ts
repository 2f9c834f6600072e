// "under", "at least", "down to": the word in front of an amount that says which side of it the hero
// wants to be on. 'Under 2 hours of screen time a day' is a ceiling, 'at least 8 hours of sleep' a floor,
// 'down to 5 a day' a ceiling reached by cutting back.

export type Bound = 'at-most' | 'at-least';

const AT_MOST =
  /(?:\b(?:under|below|less than|fewer than|no more than|not more than|at most|max(?:imum)?(?: of)?|down to|up to|a max(?:imum)? of|cap(?:ped)? at|limit(?:ed)? (?:myself |me |it )?to|cut (?:it |back |down )?to|reduce (?:it |that )?to|to under|to below|or less|or fewer)|<)\s*$/i;
const AT_LEAST =
  /\b(?:at least|minimum(?: of)?|no less than|not less than|a minimum of|more than|over|\+)\s*$/i;

/** The bound named right before an amount: `before` is the text up to the amount. */
export function boundBefore(before: string): Bound | null {
  const tail = before.slice(-40);
  if (AT_MOST.test(tail)) return 'at-most';
  if (AT_LEAST.test(tail)) return 'at-least';
  return null;
}

/** 'or less' / 'or more' after an amount. */
export function boundAfter(after: string): Bound | null {
  if (/^\s*(?:or (?:less|fewer)|max(?:imum)?|at most|tops)\b/i.test(after)) return 'at-most';
  if (/^\s*(?:or more|at least|minimum|\+)/i.test(after)) return 'at-least';
  return null;
}
