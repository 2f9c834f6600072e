import type { Foundation, GoalCategory, LifeClass } from '@lifequest/proto';

// The life areas the coach recognises. One table drives classification (category, life class,
// foundation), the measuring questions, the suggested habits and the floating-chat advice, so a new area
// is one entry, not edits across the coach.

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
  /** Words that name the area only when no other area is named ('learn' in 'learn Spanish' is a language). */
  weak?: RegExp;
  category: GoalCategory;
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
      /\b(?:(?:lose|losing|drop|shed|gain|put on)\b[^.!?]{0,40}?(?:kg|kgs|kilos?|kilograms?|lbs?|pounds?|stones?|weight)|lose weight|weight ?loss|weigh\b|down to \d+\s*(?:kg|kgs|kilos?|lbs?)|body ?fat|bmi|waist(?:line)?|six[- ]pack|slim down|get lean|bulk(?:ing)? up|dress size|trouser size)\b/,
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
    pattern:
      /\b(?:run|runs|running|jog|jogging|marathon|half[- ]?marathon|5k|10k|couch to|ultra|parkrun|triathlon|duathlon|ironman|sprint)\b/,
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
    pattern: /\b(?:pay (?:off|down|back)|debt|debts|loan|loans|credit card|mortgage|owe|overdraft)\b/,
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
      /(?:\$|€|£)\s?\d|\b(?:save|saving|savings|emergency fund|nest egg|down ?payment|put aside|set aside|put away|invest|investing|stash|budget|budgeting|bucks|freelanc\w*|earn (?=\$|£|€|\d|money|more|extra|income)|income|side hustle|dollars|euros|pension|retirement|net worth|index funds?|stocks|shares|deposit|credit score|credit rating|fico|401\s*\(?k\)?|403\s*\(?b\)?|ira|roth)\b/,
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
      /\b(?:write|writing|blog|blogging|publish|publishing|self-publish|novel|manuscript|screenplay|script|memoir|thesis|dissertation|e-?book|newsletter|poems?|essays?)\b/,
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
      /\b(?:spanish|french|german|italian|portuguese|japanese|chinese|mandarin|cantonese|korean|arabic|russian|hindi|dutch|swedish|norwegian|danish|finnish|greek|turkish|polish|hebrew|vietnamese|thai|indonesian|swahili|latin|sign language|asl|a (?:new |foreign )?language|fluent|fluency|duolingo|cefr|kanji|hiragana|vocabulary)\b/,
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
      /\b(?:meditat\w*|mindful\w*|breathwork|breathing|gratitude|journal\w*|pray\w*|therapy|self-care|digital detox|screen time|social media|phone|doomscroll\w*)\b/,
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
      /\b(?:gym|work ?out|workouts|exercis(?:e|es|ing)|train|training|lift|lifting|(?:push|press|pull|chin|sit|muscle)[- ]?ups?|squats?|burpees?|lunges|dips|crunches|planks?|swim|swimming|lengths|laps|cycle|cycling|bike|biking|ride|walk|walking|steps|hike|hiking|yoga|pilates|stretch|stretching|flexibility|mobility|splits|touch my toes|strength|muscles?|deadlift|bench|cardio|hiit|crossfit|cholesterol|blood pressure|spin(?:ning)? class(?:es)?|tennis|badminton|squash|golf|football|soccer|basketball|volleyball|netball|rugby|cricket|hockey|baseball|softball|climb|climbing|bouldering|boxing|kickboxing|martial arts|karate|judo|jiu[- ]?jitsu|bjj|taekwondo|ski|skiing|snowboard\w*|surf|surfing|skate\w*|rowing|row \d|kayak\w*|paddleboard\w*|dance|dancing|zumba|jump rope|skipping|sport|sports|resting heart rate|vo2 ?max)\b/,
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
      /\b(?:sleep|bed ?time|wake up|water|hydrat\w*|smok\w*|cigarettes?|vape|vaping|alcohol|drinks|drinking|booze|sober|sugar|caffeine|coffees?|energy drinks|soda|junk food|fast food|takeaways?|diet|eat|eating|vegetables|veggies|vegetarian|vegan|plant-based|sober|fruit|portions|meal prep|cook at home|floss\w*|skincare|teeth|nails|nail[- ]biting|procrastinat\w*|snooz\w*)\b/,
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
      /\b(?:course|courses|class|classes|module|lectures?|certification|certificate|certified|exams?|test|theory|degree|diploma|bootcamp|coursera|udemy|edx|coding|code|program|programming|python|javascript|guitar|piano|violin|drums|singing|drawing|painting|chess|cooking|photography|gpa|grades?)\b/,
    weak: /\b(?:learn|learning|study|studying|skill|skills|revise|revision)\b/,
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
      /\b(?:launch|ship|release|deploy|renovate|renovation|declutter|business|startup|website|site|app|apps|mvp|saas|prototype|open source|podcast|youtube|channel|portfolio|album|etsy|shop|store|online store|game|film|movie|documentary|exhibition|shed|deck|patio|garden|knit|sew|crochet|quilt|pottery|furniture)\b/,
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

/** Verbs that make a goal a project only when nothing else names its area ('build an emergency fund'). */
const PROJECT_VERBS =
  /\b(?:build|start|create|make|finish|complete|open|design|develop|organi[sz]e|move|apply|job|promotion|plant|record|visit|travel|trip)\b/;

const BY_ID = new Map(DOMAINS.map((d) => [d.id, d]));

export function domainById(id: DomainId): Domain {
  return BY_ID.get(id)!;
}

/**
 * The area named first in the text: in 'read 5 books about investing' the goal is reading, in 'ship my
 * budgeting app' a project. Areas named at the same place go by table order (specific before broad);
 * generic making verbs ('build', 'finish') make a project only when no area is named at all.
 */
export function detectDomain(text: string): Domain | null {
  return detectNamedDomain(text) ?? (PROJECT_VERBS.test(text.toLowerCase()) ? domainById('project') : null);
}

/** The area the text names, without guessing a project from a generic verb. */
export function detectNamedDomain(text: string): Domain | null {
  const lower = text.toLowerCase();
  const first = (pattern: (d: Domain) => RegExp | undefined) => {
    let best: { domain: Domain; index: number } | null = null;
    for (const domain of DOMAINS) {
      const p = pattern(domain);
      const index = p ? lower.search(p) : -1;
      if (index >= 0 && (best === null || index < best.index)) best = { domain, index };
    }
    return best?.domain ?? null;
  };
  return first((d) => d.pattern) ?? first((d) => d.weak);
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
    /\b(?:calm|calmer|peace|peaceful|mind|mental|spiritual|mindful|relaxed|balanced|stress|stressed|anxiety|anxious|zen|present|happy|happier|happiness|content|joyful|positive)\b/,
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
