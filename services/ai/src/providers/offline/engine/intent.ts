import type { SmartPart } from '@lifequest/proto';
import { correctSpelling } from './readers/spelling.ts';

// What a short reply means in a coaching conversation: yes, no, "I don't know", "let's refine", or a
// pointer to one of the SMART parts. Kept apart from goal reading because these cues are about the
// dialogue, not the goal.

/**
 * Curly quotes, stray spacing and common misspellings normalised, so every pattern can assume plain
 * ASCII apostrophes and the usual spelling of the words it looks for.
 */
export function normalise(text: string): string {
  return correctSpelling(
    text
      .replace(/[‘’`´]/g, "'")
      .replace(/[“”]/g, '"')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

const YES =
  /^(?:yes|yeah|yea|yep|yup|ya|sure|ok|okay|k|sounds (?:good|great|right|fine|perfect)|definitely|absolutely|of course|i think so|i believe so|i can(?: do (?:it|that))?(?!\s+[a-z])|doable|realistic|that works|works for me|let'?s do (?:it|this)|let'?s go|for sure|totally|100%|agreed|correct|right|perfect|great|good|fine|deal|start (?:this|the) quest|i'?m ready|ready|confirm(?:ed)?|looks (?:good|great|right)|do it|go for it|why not|can do|i'?m in|yes please|that'?s (?:fine|right|good|great|perfect)|it is|it'?s realistic|i'?ll manage|no problem)\b/i;

// A leading 'no' is an answer ('no, too fast'), not a goal about going without ('no sugar for 30 days').
const NO =
  /^(?:no(?=[\s,.!]*$|[,.!]|\s+(?:i|it|that|thanks|thank|way|not|sorry|really|problem)\b)|nope|nah|not really|i don'?t think so|probably not|not sure i can|too (?:much|hard|fast|soon|ambitious)|unrealistic|i can'?t|no way|not at all|hardly|that'?s too)\b/i;

/** "I don't know" and friends, which may lead a longer message ('not sure, maybe reading?'). */
const UNSURE_LEAD =
  /^(?:idk|i don'?t know|i dont know|dunno|not sure|no idea|no clue|i have no idea|i'?m not sure|unsure)\b/i;

/** Short replies that are unsure only when they are the whole message ('help', not 'help me save'). */
const UNSURE_WHOLE =
  /^(?:hm+|um+|uh+|maybe|help|nothing|whatever|what do you (?:think|suggest|recommend)|you (?:decide|choose|pick|tell me)|any (?:ideas|suggestions)|no|nope|\?+)[\s.!?]*$/i;

export function isAffirmation(text: string): boolean {
  return YES.test(normalise(text)) && !NO.test(normalise(text));
}

export function isNegation(text: string): boolean {
  return NO.test(normalise(text));
}

export function isUnsure(text: string): boolean {
  const t = normalise(text);
  return (UNSURE_LEAD.test(t) && t.split(' ').length <= 8) || UNSURE_WHOLE.test(t);
}

/** The web's 'Refine Further' sends "I'd like to refine this goal further."; heroes also type their own. */
export function isRefineRequest(text: string): boolean {
  return /\b(?:refine|change|adjust|different|modify|tweak|edit|update|revise|rethink|redo|alter|rework)\b/i.test(
    normalise(text),
  );
}

/** 'actually', 'instead', 'make it': the hero is correcting an earlier answer. */
export function hasOverrideMarker(text: string): boolean {
  return /\b(?:actually|instead|rather|change|make it|switch|scratch that|on second thought|new goal|let'?s (?:do|make|go with|say)|how about|what about|update|adjust|move)\b/i.test(
    normalise(text),
  );
}

/** The SMART parts a refine request points at ('change the deadline' -> timeBound). */
export function namedParts(text: string): SmartPart[] {
  const t = normalise(text).toLowerCase();
  const parts: SmartPart[] = [];
  if (
    /\b(?:the goal itself|whole goal|another goal|different goal|new goal|the goal|something else|different quest|the quest|what i want)\b/.test(
      t,
    )
  )
    parts.push('specific');
  if (/\b(?:target|number|amount|how much|how many|measure|metric|the total)\b/.test(t))
    parts.push('measurable');
  if (/\b(?:realistic|pace|feasib\w*|achievable|doable)\b/.test(t)) parts.push('achievable');
  if (/\b(?:why|reason|motivation|purpose)\b/.test(t)) parts.push('relevant');
  if (
    /\b(?:deadline|date|when|time ?frame|timeline|by when|sooner|later|more time|less time|end date|due)\b/.test(
      t,
    )
  )
    parts.push('timeBound');
  return parts;
}

/** A message that is a question to the coach rather than an answer. */
export function isQuestion(text: string): boolean {
  const t = normalise(text).toLowerCase();
  return (
    /\?$/.test(t) ||
    /^(?:what|how|why|which|who|where|can you|could you|should i|do you|is it|any tips)\b/.test(t)
  );
}
