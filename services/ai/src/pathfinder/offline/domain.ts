// The life areas the coach recognises. One table drives classification (category, life class,
// foundation), the measuring questions, the suggested habits and the floating-chat advice, so a new area
// is one entry, not edits across the coach.

export type Category = 'fitness' | 'finance' | 'habit' | 'project' | 'education';
export type LifeClass = 'health' | 'financial' | 'education' | 'social' | 'spirituality' | 'general';
export type Foundation = 'Finance' | 'Health' | 'Intelligence' | 'Spirit';

export type DomainId =
  | 'weight'
  | 'running'
  | 'debt'
  | 'money'
  | 'writing'
  | 'language'
  | 'reading'
  | 'mindfulness'
  | 'fitness'
  | 'wellness'
  | 'learning'
  | 'social'
  | 'project';

export type Domain = {
  id: DomainId;
  /** Words that make a goal concrete in this area. */
  pattern: RegExp;
  category: Category;
  className: LifeClass;
  foundation: Foundation;
  /** Unit assumed for a bare number answer ('12' after 'how many books?'). */
  defaultUnit: string | null;
  /** How the coach suggests measuring it. */
  measureHint: string;
  habits: string[];
  tip: string;
};

export const DOMAINS: readonly Domain[] = [
  {
    id: 'weight',
    pattern:
      /\b(?:(?:lose|losing|drop|shed|gain|put on)\b[^.!?]{0,40}?\b(?:kg|kgs|kilos?|kilograms?|lbs?|pounds?|weight)|lose weight|weight ?loss|weigh (?:less|under)|body ?fat)\b/,
    category: 'fitness',
    className: 'health',
    foundation: 'Health',
    defaultUnit: 'kg',
    measureHint: "how many kilograms (or pounds) you'd like to lose, for example 5 kg",
    habits: [
      'Weigh in once a week, same day and time',
      'Walk 30 minutes a day',
      'Plan tomorrow’s meals the night before',
    ],
    tip: 'Aim for 0.5 to 1 kg a week; slow and steady keeps it off.',
  },
  {
    id: 'running',
    pattern: /\b(?:run|runs|running|jog|jogging|marathon|half[- ]?marathon|5k|10k|couch to|ultra)\b/,
    category: 'fitness',
    className: 'health',
    foundation: 'Health',
    defaultUnit: 'km',
    measureHint: "a distance or a time, for example 'run a 5k' or 'run 5k under 30 minutes'",
    habits: [
      'Run 3 times a week',
      'Keep one easy long run each weekend',
      'Log every run with distance and time',
    ],
    tip: 'Build distance by about 10% a week and keep most runs at an easy, talking pace.',
  },
  {
    id: 'debt',
    pattern: /\b(?:pay (?:off|down|back)|debt|debts|loan|loans|credit card|mortgage)\b/,
    category: 'finance',
    className: 'financial',
    foundation: 'Finance',
    defaultUnit: '$',
    measureHint: 'the amount to pay off, for example $3,000',
    habits: [
      'Make an extra payment every payday',
      'Review spending every Sunday',
      'Pause one non-essential purchase a week',
    ],
    tip: 'Pay the highest-interest balance first and automate the payment on payday.',
  },
  {
    id: 'money',
    pattern:
      /(?:\$|€|£)\s?\d|\b(?:save|saving|savings|emergency fund|nest egg|down ?payment|put aside|set aside|invest|investing|budget|budgeting|earn|income|side hustle|dollars|euros)\b/,
    category: 'finance',
    className: 'financial',
    foundation: 'Finance',
    defaultUnit: '$',
    measureHint: 'an amount, for example $5,000',
    habits: [
      'Move money to savings automatically every payday',
      'Track spending for 5 minutes each evening',
      'Hold a weekly budget check-in',
    ],
    tip: 'Pay yourself first: automate the transfer the day you get paid.',
  },
  {
    id: 'writing',
    pattern:
      /\b(?:write|writing|blog|blogging|publish|publishing|novel|manuscript|screenplay|poems?|essays?)\b/,
    category: 'project',
    className: 'education',
    foundation: 'Intelligence',
    defaultUnit: 'words',
    measureHint: 'a count, for example 50,000 words or 4 blog posts',
    habits: [
      'Write 500 words every morning',
      'Keep an ideas list',
      'Share a draft with a friend every month',
    ],
    tip: 'Protect a small daily writing slot; consistency beats inspiration.',
  },
  {
    id: 'language',
    pattern:
      /\b(?:spanish|french|german|italian|portuguese|japanese|chinese|mandarin|cantonese|korean|arabic|russian|hindi|dutch|swedish|norwegian|danish|finnish|greek|turkish|polish|hebrew|vietnamese|thai|indonesian|swahili|latin|sign language|asl|a (?:new |foreign )?language|fluent|fluency|duolingo|cefr)\b/,
    category: 'education',
    className: 'education',
    foundation: 'Intelligence',
    defaultUnit: 'words',
    measureHint: "a level or a count, for example 'reach B1', 'learn 1,000 words' or '20 minutes a day'",
    habits: [
      'Practise 20 minutes a day',
      'Review flashcards every morning',
      'Have one conversation or lesson each week',
    ],
    tip: 'Short daily practice beats long weekly sessions; speak early, even imperfectly.',
  },
  {
    id: 'reading',
    pattern: /\b(?:read|reading|books?|audiobooks?)\b/,
    category: 'education',
    className: 'education',
    foundation: 'Intelligence',
    defaultUnit: 'books',
    measureHint: 'a number of books, for example 12 books',
    habits: [
      'Read 20 pages before bed',
      'Carry your current book everywhere',
      'Note one idea from each book',
    ],
    tip: 'Tie reading to a daily cue, like the first coffee or bedtime.',
  },
  {
    id: 'mindfulness',
    pattern:
      /\b(?:meditat\w*|mindful\w*|breathwork|breathing|gratitude|journal\w*|pray\w*|therapy|self-care|digital detox|screen time)\b/,
    category: 'habit',
    className: 'spirituality',
    foundation: 'Spirit',
    defaultUnit: 'sessions',
    measureHint: "how often and how long, for example '10 minutes every day'",
    habits: [
      'Sit for practice at the same time each day',
      'Keep a 3-line journal at night',
      'Take one screen-free walk a week',
    ],
    tip: 'Anchor the practice to something you already do daily, and start smaller than feels necessary.',
  },
  {
    id: 'fitness',
    pattern:
      /\b(?:gym|work ?out|workouts|exercise|exercising|train|training|lift|lifting|push-?ups?|pull-?ups?|squats?|planks?|swim|swimming|cycle|cycling|bike|biking|walk|walking|steps|hike|hiking|yoga|pilates|stretch|stretching|strength|muscle|deadlift|bench|cardio|tennis|football|soccer|basketball|climb|climbing|sport)\b/,
    category: 'fitness',
    className: 'health',
    foundation: 'Health',
    defaultUnit: 'sessions',
    measureHint: "a number or a rhythm, for example '50 push-ups' or '3 workouts a week'",
    habits: ['Lay out your kit the night before', 'Train at a fixed time 3 days a week', 'Log every session'],
    tip: 'Schedule sessions like appointments and progress a little each week.',
  },
  {
    id: 'wellness',
    pattern:
      /\b(?:sleep|bed ?time|wake up|water|hydrat\w*|smok\w*|cigarettes?|vape|vaping|alcohol|sober|sugar|caffeine|diet|eat|eating|vegetables|veggies|meal prep|cook at home|floss\w*)\b/,
    category: 'habit',
    className: 'health',
    foundation: 'Health',
    defaultUnit: 'days',
    measureHint: "a daily rhythm or a streak, for example 'every day for 30 days'",
    habits: [
      'Prepare your environment the night before',
      'Track the streak on a calendar',
      'Pair the habit with an existing routine',
    ],
    tip: 'Make the good choice the easy one: change your surroundings, not just your willpower.',
  },
  {
    id: 'learning',
    pattern:
      /\b(?:learn|learning|study|studying|course|courses|class|classes|certification|certificate|certified|exam|degree|diploma|bootcamp|skill|skills|coding|code|program|programming|python|javascript|guitar|piano|violin|drums|singing|drawing|painting|chess|cooking|photography)\b/,
    category: 'education',
    className: 'education',
    foundation: 'Intelligence',
    defaultUnit: 'lessons',
    measureHint: "a count or an outcome, for example 'finish 2 courses' or 'pass the exam'",
    habits: [
      'Study in 30-minute focused blocks',
      'Practise 4 days a week',
      'Teach one thing you learned each week',
    ],
    tip: 'Practise a little most days and test yourself instead of re-reading.',
  },
  {
    id: 'social',
    pattern:
      /\b(?:friends?|family|mom|mum|dad|parents|partner|dating|network\w*|volunteer\w*|community|relationships?)\b/,
    category: 'habit',
    className: 'social',
    foundation: 'Spirit',
    defaultUnit: 'times',
    measureHint: "a rhythm, for example 'call my parents every week'",
    habits: [
      'Put one social plan in the calendar each week',
      'Send one thoughtful message a day',
      'Say yes to one invitation',
    ],
    tip: 'Small regular contact beats rare grand gestures.',
  },
  {
    id: 'project',
    pattern:
      /\b(?:build|launch|ship|start|create|make|finish|complete|release|open|design|develop|renovate|organi[sz]e|declutter|move|apply|job|promotion|business|startup|website|site|app|podcast|youtube|channel|portfolio|garden|plant|record|album|visit|travel|trip)\b/,
    category: 'project',
    className: 'general',
    foundation: 'Intelligence',
    defaultUnit: null,
    measureHint: "how you'll know it's done, for example 'live with 3 pages' or '100 users'",
    habits: [
      'Block two focused hours each week',
      'Write the next small step at the end of each session',
      'Review progress every Friday',
    ],
    tip: 'Break it into small, visible steps and ship something early.',
  },
];

const BY_ID = new Map(DOMAINS.map((d) => [d.id, d]));

export function domainById(id: DomainId): Domain {
  return BY_ID.get(id)!;
}

/** The first matching area in table order: specific areas are listed before broad ones. */
export function detectDomain(text: string): Domain | null {
  const lower = text.toLowerCase();
  return DOMAINS.find((d) => d.pattern.test(lower)) ?? null;
}

/**
 * Words that name an area without saying what to do in it ('get fit', 'be richer', 'health').
 * A goal made only of these is too broad to measure, so the coach asks the hero to narrow it down.
 */
const BROAD_WORDS: Array<[RegExp, DomainId]> = [
  [
    /\b(?:fit|fitter|fitness|shape|healthy|healthier|health|active|strong|stronger|athletic|body)\b/,
    'fitness',
  ],
  [/\b(?:rich|richer|wealthy|wealth|money|finances?|financial|financially|broke|stable)\b/, 'money'],
  [/\b(?:smart|smarter|knowledge|learning|educated|curious|wiser)\b/, 'learning'],
  [
    /\b(?:calm|calmer|peace|peaceful|mind|mental|spiritual|mindful|relaxed|balanced|stress|stressed|anxiety|anxious|zen|present)\b/,
    'mindfulness',
  ],
  [/\b(?:social|connected|lonely|outgoing|confident)\b/, 'social'],
];

export function detectBroadDomain(text: string): DomainId | null {
  const lower = text.toLowerCase();
  for (const [pattern, id] of BROAD_WORDS) if (pattern.test(lower)) return id;
  return null;
}

export function broadWordPattern(): RegExp {
  return new RegExp(BROAD_WORDS.map(([p]) => p.source).join('|'), 'g');
}
