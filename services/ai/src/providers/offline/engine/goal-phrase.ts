import { type DomainId, detectBroadDomain, detectDomain } from './domain.ts';
import { isAffirmation, isNegation, isUnsure, normalise } from './intent.ts';
import { nlp } from './nlp.ts';
import { capitaliseLanguages } from './readers/level.ts';

// Turns a hero's sentence into the "what" of the goal: 'I really want to read 12 books by December
// because I love stories' -> 'Read 12 books'. A sentence with nothing concrete left once the filler,
// the deadline and the reason are gone is vague, and the coach asks instead of inventing a goal.

export type GoalReading =
  | { kind: 'concrete'; phrase: string; domain: DomainId }
  | { kind: 'vague'; broad: DomainId | null };

const LEAD_IN =
  /^(?:(?:hi|hello|hey|greetings|well|so|ok|okay|um+|uh+|hm+|actually|instead|honestly|basically|i think|i guess|maybe|yeah|yes|sure|also|and|but|then|now|alright|right|hmm|oh|great|thanks|thank you|pathfinder|on second thought|scratch that)[,!.:;\s-]+)+/i;

const INTRO =
  /^(?:i\s*(?:really\s+|would\s+really\s+|kind of\s+|sort of\s+|think\s+i\s+|also\s+|just\s+|definitely\s+)*(?:want|(?:would|'d)\s+(?:also\s+|really\s+|just\s+|still\s+|so\s+|definitely\s+|actually\s+)+(?:like|love)|would like|'d like|wanna|need|hope|plan|aim|intend|wish|am going|'m going|am gonna|'m gonna|am trying|'m trying|try|will|'ll|should|must|have to|gotta|would love|'d love|would rather|'d rather|am hoping|'m hoping|am planning|'m planning|am looking|'m looking|dream|desire|decided|choose|may|might|could|can)\s+(?:to\s+|of\s+)?|im\s+(?:going|gonna|trying|planning|hoping)\s+(?:to\s+)?|my\s+(?:main\s+|big\s+|new\s+|first\s+|only\s+|real\s+)?(?:goal|dream|plan|aim|quest|resolution|wish|target|ambition|desire)\s+(?:(?:for\s+)?(?:this|next|the)\s+year\s+|for\s+20\d\d\s+)?(?:is|would be|will be)\s+(?:to\s+)?|(?:i'?m\s+|i am\s+)?(?:thinking about|thinking of|considering)\s+|(?:need|want|hoping|trying|planning)\s+to\s+|(?:please\s+)?(?:(?:can|could|would|will) you (?:please )?)?help me(?:\s+to)?\s+|(?:can|could|would|will) you (?:please )?(?:make|create|build|draw up|give|write|put together|help me (?:make|with))(?: me)? (?:a |my )?(?:plan|quest|roadmap)(?: for me)? (?:to|for)\s+|(?:let'?s\s+)?(?:make|change|set|switch|update)\s+(?:it|that|my goal|the goal|the quest)\s+(?:to\s+)?|i'?d rather\s+|let'?s\s+(?:say\s+|go with\s+|do\s+)?|i'?d like it to be\s+|how about\s+|what about\s+|it'?s\s+|to\s+)/i;

const WHY_MARKER =
  /\s*(?:,\s*)?\b(?:because|'cause|cause|since|so that|so i can|so i could|so i'?ll|so i will|so i'?m|so i|in order to|as i want|the reason is|for my (?:health|family|kids|children|future|wife|husband|partner|career|sanity|mental health|self|son|daughter|parents))\b/i;

const TRAILING_FILLER =
  /(?:(?:^|\s+)(?:instead|actually|rather|then|this year|next year|soon|eventually|someday|one day|please|if possible|at some point|or so|i guess|i think|maybe|asap|as soon as possible|anymore|again|hopefully|ideally|if i can))+\s*$/i;

const STOP = new Set(
  'instead actually rather i me my mine a an the to of in on at for with and or but so it its this that these those be is am are was were being been have has had does doing done can could would should will just really very more much some any lot lots bit little want like about up out into from as by than then all also too well even still way one thing my our your more less again finally truly actually own every each per day week month year days weeks months years daily weekly times time'.split(
    ' ',
  ),
);

const VAGUE = new Set(
  'better best good great happier happy happiness improve improved improving improvement change changes life stuff things something anything everything person successful success grow growth productive motivated motivation focused disciplined version self myself fun idk dunno know sure maybe whatever nothing help work hard harder new try trying future ready goals goal level levels next overall general balance balanced person human adult okay fine achieve accomplish reach progress proud amazing awesome different changed lives living live stronger weaker'.split(
    ' ',
  ),
);

const GENERIC_VERBS = new Set(
  'make do get start begin create finish complete open move learn study be become have go keep stop take build launch go achieve reach accomplish feel felt'.split(
    ' ',
  ),
);

/** The reason clause ('because ...', 'so that ...') and where it starts, if the text has one. */
export function findWhyClause(text: string): { clause: string; index: number } | null {
  const m = WHY_MARKER.exec(text);
  if (!m) return null;
  const marker = m[0].trim().replace(/^,\s*/, '');
  const rest = text
    .slice(m.index + m[0].length)
    .trim()
    .replace(/[.!]+$/, '');
  const clause = /^for my/i.test(marker) ? `${marker} ${rest}`.trim() : rest;
  return isSubstantive(clause) ? { clause, index: m.index } : null;
}

function pickSentence(text: string): string {
  const sentences = text
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const stripped = (s: string) => s.replace(LEAD_IN, '');
  return (
    sentences.find((s) => INTRO.test(stripped(s)) && !/^to\s/i.test(stripped(s))) ??
    sentences.find((s) => detectDomain(s) !== null) ??
    sentences[0] ??
    ''
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Strips the lead-in, the 'I want to' and the deadline and reason from one sentence. */
export function cleanGoalPhrase(sentence: string, deadlinePhrase: string | null): string {
  let s = normalise(sentence);
  const why = WHY_MARKER.exec(s);
  if (why) s = s.slice(0, why.index);
  if (deadlinePhrase) s = s.replace(deadlinePhrase, ' ').replace(/\(\s*\)/g, ' ');
  s = s.replace(LEAD_IN, '');
  for (let i = 0; i < 3 && INTRO.test(s); i++) s = s.replace(INTRO, '').replace(LEAD_IN, '');
  s = s
    // 'finally run my first 10k', 'lose like 15 lbs', a closing smile: the goal's words are what is left.
    .replace(/^(?:finally|really|just|actually|seriously|definitely)\s+/i, '')
    .replace(/\blike\s+(?=\d)/gi, '')
    .replace(/(?:\p{Extended_Pictographic}|\uFE0F|\u200D)+/gu, ' ')
    // What a deadline leaves behind when only part of it was read as the date ('by next', 'in the coming').
    .replace(
      /\s+(?:by|before|until|till|in|within|for|over|on|around|no later than)(?:\s+(?:the|next|this|coming|end|of|early|late|mid|spring|summer|autumn|fall|winter|christmas|midsummer|midwinter|easter|holidays?))*\s*$/i,
      '',
    )
    .replace(/\s+(?:next|this|coming)\s*$/i, '')
    .replace(/[\s,;:.!?-]+$/, '')
    .replace(TRAILING_FILLER, '')
    .replace(/[\s,;:.!?-]+$/, '')
    .replace(/\s+(?:by|before|until|till|in|within|for|over|on)\s*$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  return capitalise(capitaliseLanguages(s));
}

function contentWords(phrase: string): string[] {
  const broad =
    /^(?:fit|fitter|fitness|shape|healthy|healthier|health|active|strong|athletic|body|rich|richer|wealthy|wealth|money|finances?|financial|financially|broke|stable|smart|smarter|knowledge|learning|educated|curious|wiser|calm|calmer|peace|peaceful|mind|mental|spiritual|mindful|relaxed|stress|stressed|anxiety|anxious|zen|present|social|connected|lonely|outgoing|confident)$/;
  return phrase
    .toLowerCase()
    .replace(/[^a-z0-9$€£%\s'-]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !STOP.has(w) && !VAGUE.has(w) && !GENERIC_VERBS.has(w) && !broad.test(w));
}

/**
 * Reads the goal out of a message. `deadlinePhrase` is the part already recognised as the deadline,
 * removed so 'by June' does not become part of the goal's name.
 */
export function readGoal(text: string, deadlinePhrase: string | null): GoalReading {
  if (isUnsure(text) || isAffirmation(text) || isNegation(text))
    return { kind: 'vague', broad: detectBroadDomain(text) };
  const sentence = pickSentence(normalise(text));
  const phrase = cleanGoalPhrase(sentence, deadlinePhrase);
  const words = contentWords(phrase);
  const domain = detectDomain(phrase);
  // A named activity ('work out', 'read') is concrete on its own; 'learn' or 'make' alone is not.
  const namesActivity = domain !== null && domain.id !== 'project' && domain.id !== 'learning';
  if ((words.length === 0 && !namesActivity) || phrase.length < 3 || isStateWish(phrase, domain?.id ?? null))
    return {
      kind: 'vague',
      broad: detectBroadDomain(text) ?? (domain && STATE_AREAS.has(domain.id) ? domain.id : null),
    };
  return { kind: 'concrete', phrase: phrase.slice(0, 90), domain: domain?.id ?? 'project' };
}

/** Areas whose wishes of being ('be a better friend', 'be calmer') are asked about in their own terms. */
const STATE_AREAS = new Set<DomainId>(['social', 'mindfulness', 'wellness']);

/** Areas with their own finish line even when wished as a state ('be debt-free', 'be fitter'). */
const MEASURED_AREAS = new Set<DomainId>([
  'debt',
  'weight',
  'money',
  'running',
  'reading',
  'language',
  'writing',
  'fitness',
  'learning',
]);

/**
 * A wish to be a way ('be happier', 'feel more confident', 'be a better dad', 'become more organised'),
 * read with the language library: a state, not a thing to do, so the coach asks for one concrete thing
 * rather than measuring the state with another area's yardstick ('100 users').
 */
function isStateWish(phrase: string, area: DomainId | null): boolean {
  if (/\d/.test(phrase) || (area !== null && MEASURED_AREAS.has(area))) return false;
  const doc = nlp(phrase.toLowerCase());
  if (doc.has('^(be|become|get) able')) return false;
  return (
    doc.has(
      '^(be|feel|become|get|grow|stay) (a|an)? (more|less|much|way|far|lot|bit|little|really|very|truly)? (#Adjective|#Comparative|#Superlative)',
    ) || doc.has('^(be|feel|become|get|stay) (more|less) #Verb')
  );
}

/** The hero's reason in their own words, tidied: 'because I love stories' -> 'I love stories'. */
export function cleanWhy(text: string): string {
  const s = normalise(text)
    .replace(LEAD_IN, '')
    .replace(
      /^(?:it matters (?:to me )?because|it matters|the reason is(?: that)?|because|'cause|cause|since|well|i guess|i think)\s*(?:,\s*)?/i,
      '',
    )
    .replace(/[\s.!]+$/, '');
  return capitalise(s.slice(0, 160));
}

/** A reason with substance: not 'idk', 'just because' or 'no reason'. */
export function isSubstantive(text: string): boolean {
  const t = normalise(text).toLowerCase();
  if (
    /^(?:idk|i don'?t know|dunno|not sure|no reason|just because|because|whatever|nothing|no idea|why not|none|n\/a|\?+)[.!?]*$/.test(
      t,
    )
  )
    return false;
  return t.replace(/[^a-z]/g, '').length >= 3;
}
