// Common misspellings of the words the readers look for, corrected before anything is read, so 'medidate
// 15 mins a day' and 'by the end of febuary' are understood. Only whole words that are never something
// else are corrected ('reed' only before a count of books).

const CORRECTIONS: Array<[RegExp, string]> = [
  [/\bfeb(?:urary|uary|rary|ruray)\b/gi, 'february'],
  [/\bjan(?:urary|uray|ury)\b/gi, 'january'],
  [/\bagust\b/gi, 'august'],
  [/\bsep(?:tmber|temeber|tmeber)\b/gi, 'september'],
  [/\boc(?:otber|tobre)\b/gi, 'october'],
  [/\bnov(?:mber|emeber)\b/gi, 'november'],
  [/\bdec(?:mber|emeber)\b/gi, 'december'],
  [/\bwensday\b/gi, 'wednesday'],
  [/\bex(?:c|s)er(?:c|s)i[sz]e\b/gi, 'exercise'],
  [/\bexersi[sz]e\b/gi, 'exercise'],
  [/\bmed[ia]d[ia]te\b/gi, 'meditate'],
  [/\bmed[ia]t[ae]te\b/gi, 'meditate'],
  [/\bmarr?athon\b/gi, 'marathon'],
  [/\btriath(?:a|e)lon\b/gi, 'triathlon'],
  [/\bdefin(?:a|i)tely\b/gi, 'definitely'],
  [/\bsav(?:eing|ign)\b/gi, 'saving'],
  [/\bgoverment\b/gi, 'government'],
  [/\bcertifcate\b/gi, 'certificate'],
  [/\bcertifcation\b/gi, 'certification'],
  [/\bprogramm?ing\b/gi, 'programming'],
  [/\bjournel\b/gi, 'journal'],
  [/\bwieght\b/gi, 'weight'],
  [/\breed(?=\s+(?:\d+|[a-z]+)\s+(?:books?|novels?|pages?)\b)/gi, 'read'],
];

export function correctSpelling(text: string): string {
  let out = text;
  for (const [pattern, word] of CORRECTIONS) out = out.replace(pattern, word);
  return out;
}
