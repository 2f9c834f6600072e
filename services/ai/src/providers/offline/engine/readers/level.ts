import type { Target } from './quantity.ts';

// Language levels on the CEFR scale ('reach B1', 'get my Spanish to A2 level'), as an ordinal: A1 = 1
// ... C2 = 6, unit 'CEFR level'.

const CEFR = ['a1', 'a2', 'b1', 'b2', 'c1', 'c2'];

/** Languages (and the peoples named by them) heroes learn, in lower case. */
export const LANGUAGES =
  'japanese|chinese|mandarin|cantonese|korean|spanish|french|german|italian|portuguese|russian|arabic|hindi|latin|greek|english|dutch|swedish|norwegian|danish|polish|turkish|hebrew|irish|welsh';

/** Words that make 'b1' a language level rather than a name ('flat B1', 'vitamin B1'). */
const LEVEL_CONTEXT = new RegExp(
  `\\b(?:level|cefr|reach|get to|pass|achieve|hit|language|at|${LANGUAGES})\\b`,
);
const LANGUAGE_NAME = new RegExp(`\\b(?:${LANGUAGES})\\b`, 'gi');

/** 'learn spanish' -> 'learn Spanish': a language is a name. */
export function capitaliseLanguages(text: string): string {
  return text.replace(LANGUAGE_NAME, (m) => m.charAt(0).toUpperCase() + m.slice(1).toLowerCase());
}

/** `text` in lower case. */
export function readLevel(text: string): Target | null {
  const m = /\b([abc][12])\b/.exec(text);
  if (!m) return null;
  // 'the Cambridge C2 Proficiency exam' names an exam to pass, not a level to reach.
  if (/^(?:\s+[a-z]+){0,2}\s+(?:exam|test|certificate|course)\b/.test(text.slice(m.index + 2))) return null;
  if (!LEVEL_CONTEXT.test(text)) return null;
  return { value: CEFR.indexOf(m[1]!) + 1, unit: 'CEFR level', kind: 'level' };
}
