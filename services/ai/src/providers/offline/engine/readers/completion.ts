// A named thing to finish: a course, an exam, a certificate, a race without a number. 'Finish the CS50
// course', 'pass the bar exam', 'get my AWS certification', 'get certified', 'complete a triathlon',
// 'finish reading War and Peace'. The hero gave no number, so none is invented: the thing is the target.

export type Completion = {
  /** What kind of thing it is, for the plan's checkpoints. */
  kind: 'course' | 'exam' | 'certificate' | 'race' | 'book';
  /** The thing as the hero named it: 'the CS50 course', 'my AWS Solutions Architect certification'. */
  thing: string;
};

const NOUNS: Array<[RegExp, Completion['kind']]> = [
  [
    /^(?:course|class|module|bootcamp|programme|program|specialization|specialisation|nanodegree|degree|diploma|mooc)$/,
    'course',
  ],
  [/^(?:exam|examination|test|finals?|boards?)$/, 'exam'],
  [/^(?:certificate|certification|licen[cs]e|qualification|accreditation|black belt)$/, 'certificate'],
  [/^(?:triathlon|triathalon|ironman|duathlon|obstacle race|tough mudder|spartan race|sportive)$/, 'race'],
];

const NOUN_WORDS =
  'course|class|module|bootcamp|programme|program|specialization|specialisation|nanodegree|degree|diploma|mooc|exam|examination|test|finals?|boards?|certificate|certification|licen[cs]e|qualification|accreditation|black belt|triathlon|triathalon|ironman|duathlon|obstacle race|tough mudder|spartan race|sportive';

const VERBS =
  'finish|finishing|complete|completing|pass|passing|ace|sit|take|earn|get|obtain|gain|achieve|do|graduate from|enrol in|enroll in|study for';

const NAMED = new RegExp(
  `\\b(?:${VERBS})\\b\\s+((?:(?:the|my|an?|this|that|our|his|her)\\s+)?[^.!?,;]{0,60}?\\b(${NOUN_WORDS}))\\b`,
  'i',
);

function kindOf(noun: string): Completion['kind'] {
  for (const [pattern, kind] of NOUNS) if (pattern.test(noun)) return kind;
  return 'course';
}

/** `text` as typed (the thing keeps the hero's capitals). */
export function readCompletion(text: string): Completion | null {
  const named = NAMED.exec(text);
  if (named) {
    const thing = named[1]!.replace(/\s+/g, ' ').trim();
    return {
      kind: kindOf(named[2]!.toLowerCase()),
      thing: /^(?:the|my|an?|this|that|our)\b/i.test(thing) ? thing : `the ${thing}`,
    };
  }
  if (/\b(?:get|become|be)\s+(?:\w+\s+)?certified\b/i.test(text))
    return { kind: 'certificate', thing: 'the certification' };
  // 'finish reading War and Peace': a named book without a count.
  const book =
    /\bfinish(?:ing)? (?:reading|listening to)\s+(?!\d)([^.!?,;]+?)(?=\s+(?:by|before|until|in|within|this|next)\b|[.!?,;]|$)/i.exec(
      text,
    );
  if (book) return { kind: 'book', thing: book[1]!.trim() };
  // 'read the Bible in a year', 'read Middlemarch': a book named by its capitals.
  const titled =
    /\b[Rr]ead\s+(?:through\s+)?((?:the\s+)?[A-Z][\w'-]*(?:\s+(?:[A-Z][\w'-]*|of|the|and|in|to))*)/.exec(
      text,
    );
  if (titled) {
    const thing = titled[1]!.replace(/\s+(?:of|the|and|in|to)$/i, '').trim();
    if (!/^(?:the\s+)?(?:I|My)$/.test(thing)) return { kind: 'book', thing };
  }
  return namedFeat(text);
}

/** A proper name (its words capitalised, small joining words allowed): 'Ben Nevis', 'the Pennine Way'. */
const PROPER = "((?:the\\s+)?[A-Z][\\w'-]*(?:\\s+(?:[A-Z][\\w'-]*|of|the|and|de|du|la))*)";
const MOVES = new RegExp(
  `\\b(?:climb|summit|hike|trek|walk|cycle|ride|swim|row|paddle|run)\\s+${PROPER}`,
  'i',
);
const FEATS = new RegExp(`\\b(?:complete|do|finish|conquer|tackle)\\s+${PROPER}`, 'i');
const FEAT_NOUN =
  /\b(?:peaks?|mountains?|mount|trail|way|path|race|run|ride|walk|hike|trek|swim|climb|challenge|ultra)\b/i;

/** A named feat of the body with no number: 'climb Ben Nevis', 'complete the Yorkshire Three Peaks'. */
function namedFeat(text: string): Completion | null {
  const move = MOVES.exec(text);
  if (move && /[A-Z]/.test(move[1]!)) return { kind: 'race', thing: move[1]!.trim() };
  const feat = FEATS.exec(text);
  if (feat && /[A-Z]/.test(feat[1]!) && FEAT_NOUN.test(feat[1]!))
    return { kind: 'race', thing: feat[1]!.trim() };
  return null;
}
