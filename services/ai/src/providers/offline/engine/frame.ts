import { isAffirmation, isNegation, isUnsure, normalise } from './intent.ts';
import { nlp } from './nlp.ts';

// A message read as a goal frame with a natural-language library rather than more phrase rules: the
// action the hero names (its verb), the things it acts on (noun phrases, in the hero's words) and what
// kind of message it is. compromise ships its English lexicon and tagger inside the npm package, so
// nothing is fetched at run time; it runs in the ai service only (the web bundle never imports it).
// Domain knowledge (areas, units, paces) stays in the project's own rules beside this file.

/** What a message asks of the coach: a goal to plan, or something to answer without a plan. */
export type Intent = 'goal' | 'advice' | 'question' | 'small-talk';

export type GoalFrame = {
  /** The message opens with its own action, as a goal statement does ('Ride 100 km', 'be in bed by 11'). */
  leadsWithAction: boolean;
  /** Content words of the things named, without the action: what the goal is about. */
  about: string[];
  /** The hero's action as its infinitive ('ride', 'pay', 'learn'), the wish verbs ('want', 'like') skipped. */
  action: string | null;
  /** The noun phrases the action is about, as the hero wrote them ('my road bike', 'a trip to Japan'). */
  objects: string[];
  /** Content words of the action and objects, singular and lower case, for comparing two frames. */
  words: Set<string>;
};

/** Verbs that carry the wish or the talk around a goal, never the goal's own action. */
const WISH_VERBS = new Set(
  'want like love need hope plan aim intend wish try be have get go going gonna would will should must can could keep decide choose think guess help let make do start begin'.split(
    ' ',
  ),
);

/** Words too common to tell two goals apart ('my', 'day', 'week'). */
const PLAIN = new Set(
  'i me my mine a an the to of in on at for with and or but so it its this that be is am are was were have has had do does did can could would should will just really very more less some any one thing things own every each per day week month year days weeks months years daily weekly time times minute minutes hour hours total end goal quest plan number least most next last instead actually rather am pm k km kms mi mile kg kgs lb lbs metre meter litre liter percent dollar euro buck quid january february march april may june july august september october november december monday tuesday wednesday thursday friday saturday sunday today tomorrow summer spring autumn fall winter christmas'.split(
    ' ',
  ),
);

function singular(word: string): string {
  if (/(?:ss|us|is)$/.test(word)) return word;
  if (/ies$/.test(word)) return word.replace(/ies$/, 'y');
  return word.replace(/(?:es(?=$)(?<=(?:ch|sh|x)es))|s$/, '');
}

export function contentWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z'\s-]/g, ' ')
    .split(/[\s-]+/)
    .map((w) => singular(w.replace(/'s$/, '')))
    .filter((w) => w.length > 1 && !PLAIN.has(w));
}

/** The message's goal frame: its own action and the things it names. */
export function readFrame(text: string): GoalFrame {
  const doc = nlp(normalise(text));
  let action: string | null = null;
  for (const verb of doc.verbs().json() as Array<{ verb?: { infinitive?: string } }>) {
    const infinitive = (verb.verb?.infinitive ?? '').toLowerCase().split(' ').at(-1) ?? '';
    if (infinitive && !WISH_VERBS.has(infinitive)) {
      action = infinitive;
      break;
    }
  }
  const objects = (doc.nouns().out('array') as string[])
    .map((n) => n.replace(/[.,;:!?]+$/, '').trim())
    .filter((n) => n.length > 0 && !/^(?:i|me|you|it|that|this)$/i.test(n));
  const about = objects.flatMap(contentWords);
  const words = new Set([...(action ? [action] : []), ...about]);
  const stripped = normalise(text)
    .replace(/^(?:(?:and|also|then|now|ok|okay|so|next)[,\s]+)+/i, '')
    .toLowerCase();
  // Read as the hero's own sentence ('I will journal...'), so an imperative is tagged as the verb it is;
  // a leading noun the tagger does not know as a verb ('journal every evening') leads a statement too.
  const lead = nlp(`I will ${stripped}`);
  const leadsWithAction =
    STATES_GOAL.test(stripped) ||
    lead.has('^i will #Verb') ||
    (lead.has('^i will #Noun') && !lead.has('^i will (#Date|#Value|#Pronoun|#Possessive|#Determiner)'));
  if (action === null && leadsWithAction && !STATES_GOAL.test(stripped)) {
    const first = stripped.split(/\s+/)[0] ?? '';
    if (/^[a-z]+$/.test(first) && !WISH_VERBS.has(first)) {
      action = first;
      words.add(first);
    }
  }
  return { leadsWithAction, about, action, objects, words };
}

/**
 * Two frames are about the same goal when they name a thing in common, or share the action while the
 * new one names nothing else ('read 20 by June' after 'read 12 books'); 'publish 4 podcast episodes'
 * after 'publish 8 videos' shares only the verb, and is another goal.
 */
export function sameGoal(next: GoalFrame, planned: GoalFrame): boolean {
  const theirs = new Set(planned.about);
  if (next.about.some((w) => theirs.has(w))) return true;
  return next.action !== null && next.action === planned.action && next.about.length === 0;
}

const ADVICE =
  /\b(?:any (?:advice|tips?|ideas|suggestions|pointers)|(?:some|give me|need|want|get) (?:advice|tips)|tips? (?:on|for|to|about)|advice (?:on|for|about)|what (?:can|should|could|do) i do|how (?:do|can|should|could|would) i (?:stop|start|stay|keep|get|make|avoid|deal|handle|find|stick|motivate|beat|overcome|fix|improve|be|not|manage|remember|build|break)|what'?s the best way|what is the best way|how to (?:stay|keep|stop|stick|get|avoid|deal|beat)|i keep (?:missing|skipping|failing|forgetting|putting|giving|quitting|breaking|slipping|procrastinating)|i (?:struggle|'m struggling|am struggling|can'?t seem|never manage|always fail))/i;

const SMALL_TALK =
  /^(?:(?:hi|hello|hey|hiya|howdy|good (?:morning|afternoon|evening|night))(?:\s+(?:there|pathfinder|coach))?[\s!.,]*(?:how are you(?: doing| today)?|how(?:'s| is) it going|what'?s up)?[\s!.?]*|thanks?(?: you)?(?: so much| a lot)?(?:,? (?:that'?s|that is|this is|this looks) (?:really |very |so )?(?:helpful|great|useful|nice|good))?[\s!.]*|thx[\s!.]*|cheers[\s!.]*|how are you(?: doing| today)?[\s?!.]*|who are you[\s?!.]*|what can you do[\s?!.]*|(?:good ?)?bye[\s!.]*|see you[\s!.]*)$/i;

/** A sentence that states a goal, even in a question ('can you help me run a marathon by October?'). */
const STATES_GOAL =
  /\b(?:i (?:really |also |just )?(?:want|would (?:also |really )?like|'d (?:also |really )?like|wanna|need|plan|hope|aim|intend|would love|'d love)\s+to|my (?:new |next |main )?goal|help me\b|new goal|thinking (?:about|of)|considering)\b/i;

/** Revisions phrased as questions ('how about 20 books?', 'can we make it June?') stay with the goal. */
const REVISES =
  /^(?:how about|what about|can we|could we|can you|could you)\b|\b(?:make it|change|move|push|extend)\b/i;

/** Answers the coach's own questions: a reason, a number, yes, no, I don't know. */
const ANSWER_LEAD = /^(?:because|'cause|cause|since|to\s|so\b|yes|yeah|no\b|nope|maybe)/i;

/** Words of Spanish, German and French that English does not use. */
const OTHER_LANGUAGE = new Set(
  'ich möchte moechte bis und nicht mein meine meinen einen eine jeden jede jahr woche monat lesen abnehmen laufen sparen bücher buecher quiero leer libros este año ano para antes cada semana mes días dias ahorrar correr perder je veux voudrais courir avant chaque semaine mois livres lire perdre économiser economiser mon ma mes cette année annee'.split(
    ' ',
  ),
);

/** Whether the message is in Spanish, German or French rather than English (two of their words, or one and their letters). */
export function inAnotherLanguage(text: string): boolean {
  const words = text.toLowerCase().split(/[^\p{L}]+/u);
  const hits = new Set(words.filter((w) => OTHER_LANGUAGE.has(w))).size;
  return hits >= 2 || (hits >= 1 && /[äöüßñ¿¡éèêàç]/i.test(text));
}

/**
 * What the message asks for. Advice ('I keep skipping my runs, any tips?'), a question about a quest
 * ('how many should I have read by March?') and small talk get an answer, not a plan; anything else,
 * including every answer to the coach's own questions, is read as part of a goal.
 */
export function readIntent(raw: string): Intent {
  const text = normalise(raw);
  // A goal in Spanish, German or French cannot be read here: it is answered, never planned from its echo.
  if (inAnotherLanguage(text)) return 'question';
  if (SMALL_TALK.test(text)) return 'small-talk';
  if (ANSWER_LEAD.test(text) || isAffirmation(text) || isNegation(text) || isUnsure(text)) return 'goal';
  if (ADVICE.test(text)) return 'advice';
  if (STATES_GOAL.test(text) || REVISES.test(text)) return 'goal';
  // An imperative ('Do yoga for 20 minutes') is not a question; a question mark or a question's opening is.
  const asks =
    /\?\s*$/.test(text) ||
    /^(?:what|how|why|which|who|where|when|is|are|am|does|do|did|can|could|should|would|will)\s+(?:i|you|we|it|my|this|that|there|the)\b/i.test(
      text,
    );
  return asks ? 'question' : 'goal';
}
