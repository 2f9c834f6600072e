// Short coaching answers for the floating chat when the hero asks for help rather than stating a goal.

const TOPICS: Array<[RegExp, string]> = [
  [
    /\b(?:motivat\w*|lazy|don'?t feel like|no energy|drive)\b/,
    "Motivation follows action more often than it leads it. Shrink today's step until it feels almost too easy (five minutes, one page, one set) and do it now; momentum will do the rest.",
  ],
  [
    /\b(?:procrastinat\w*|put(?:ting)? (?:it|things) off|distract\w*|focus)\b/,
    'Decide the very next physical action, put it on the calendar with a time, and remove one distraction before you start. Twenty-five focused minutes beat two scattered hours.',
  ],
  [
    /\b(?:missed|skipped|failed|fell off|slipped|broke my streak|gave up|relapse\w*)\b/,
    "A missed day is a stumble, not the end of the road. Never miss twice: make the next step small and do it today. Every hero's map has a few detours on it.",
  ],
  [
    /\b(?:tired|exhausted|burn(?:ed|t)? ?out|overwhelm\w*|stressed|too much)\b/,
    'Rest is part of the quest. Scale the next week down to the smallest version you can keep, protect your sleep, and pick the one milestone that matters most.',
  ],
  [
    /\b(?:time|busy|schedule|no time)\b/,
    'Find the slot before you need it: pick a fixed time, tie it to something you already do daily, and guard it like an appointment. Even 15 minutes, kept, compounds.',
  ],
  [
    /\b(?:habit|routine|consisten\w*|streak)\b/,
    'Make it obvious, easy and satisfying: a visible cue, a tiny first step, and a tick on a calendar each time. Consistency first, intensity later.',
  ],
  [
    /\b(?:sav(?:e|ing|ings)|budget\w*|invest\w*|money|debt)\b/,
    'Only your budget can say what is realistic, but a common rule of thumb is to put aside 10 to 20% of what you take home. Start with an amount you can automate on payday, and raise it every few months.',
  ],
  [
    /\b(?:goal|start|begin|where do i|what should i)\b/,
    'Start with one goal you could finish in about three months, give it a number and a date, and tell me about it. I will help you turn it into a quest with milestones.',
  ],
];

export function adviceFor(question: string): string | null {
  const lower = question.toLowerCase();
  for (const [pattern, advice] of TOPICS) if (pattern.test(lower)) return advice;
  return null;
}

export function isGreeting(text: string): boolean {
  return (
    /^(?:hi|hello|hey|hiya|yo|greetings|good (?:morning|afternoon|evening)|howdy|sup)\b[\s!.,a-z]*$/i.test(
      text.trim(),
    ) && text.trim().split(/\s+/).length <= 4
  );
}

export function isThanks(text: string): boolean {
  return /^(?:thanks|thank you|thx|cheers|great|awesome|perfect|cool|nice|got it|ok(?:ay)?)\b/i.test(
    text.trim(),
  );
}
