// A message that suggests self-harm gets care, not a plan: from every provider alike (safety.ts), and
// inside the offline engine's own turns. The patterns favour catching real distress over precision ('I
// want to die' is caught even if meant loosely); phrases about goals that merely borrow the words ('kill
// it at the gym', 'dying to run a marathon') are not.

const SELF_HARM = [
  /\b(?:kill|hurt|harm|cut|injure|starve|punish)\s+my ?self\b/,
  /\bsuicid\w*/,
  /\bself[- ]?harm\w*/,
  /\b(?:end|take)\s+(?:my|my own)\s+life\b/,
  /\b(?:want|wanna|going|plan|planning|ready)\s+(?:to\s+)?die\b/,
  /\bwish\s+i\s+(?:was|were)\s+dead\b/,
  /\bbetter off dead\b/,
  /\b(?:don'?t|do not|no longer)\s+want\s+to\s+(?:live|be alive|be here|exist|wake up)\b/,
  /\bno (?:reason|point) (?:to|in) (?:live|living|going on)\b/,
  /\b(?:can'?t|cannot) go on\b/,
  /\bnot (?:want|wanting) to (?:live|exist)\b/,
  /\boverdos\w*/,
  /\bend it all\b/,
];

/**
 * Curly quotes and stray spacing made plain, as the offline engine reads a message. (The engine also
 * corrects misspellings of goal words, months and the like; none of them is a word these patterns need.)
 */
function plain(text: string): string {
  return text
    .replace(/[‘’`´]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

export function detectsSelfHarm(text: string): boolean {
  const t = plain(text).toLowerCase();
  return SELF_HARM.some((pattern) => pattern.test(t));
}

/** The reply in place of a plan: warm, short, and pointing to people who can help right now. */
export function crisisReply(name: string): string {
  const trimmed = name.trim() || 'friend';
  const who = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return [
    `${who}, thank you for telling me. What you're carrying sounds really heavy, and you don't have to carry it alone.`,
    "If you might act on these thoughts or you're in danger, please contact your local emergency number now. " +
      'In the US you can call or text 988 (Suicide & Crisis Lifeline); in the UK and Ireland, Samaritans are on 116 123; ' +
      'elsewhere, findahelpline.com lists free, confidential lines in your country.',
    "Reaching out to someone you trust today could help too. Our quests can wait; you matter more than any goal. I'm here if you want to keep talking.",
  ].join('\n\n');
}
