import type { ChatMessage, ConversationPhase as Phase, SmartGoalData } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { onboardingTurn } from './onboarding.ts';
import { coachOnboardingReplySchema, type CoachOnboardingReply as OnboardingReply } from './schemas.ts';

const TODAY = new Date('2025-01-15T12:00:00Z');
const SMART_PARTS = ['specific', 'measurable', 'achievable', 'relevant', 'timeBound'] as const;

describe("'I can do that' still answers whether it is realistic", () => {
  it('is taken as yes, and the quest is charted', () => {
    const { last } = converse(['Read 12 books by June 30', 'because I love stories', 'I can do that']);
    expect(last.phase).not.toBe('initial');
    expect(last.finalGoal?.title).toBe('Read 12 books');
  });
});

describe('onboarding in another language', () => {
  it('answers in English and reads nothing of it into the goal', () => {
    const { replies, last } = converse(['Ich möchte bis Juni 10 kg abnehmen', 'Read 12 books by June 30']);
    expect(replies[0]!.response).toMatch(/^For now I read goals in English/);
    expect(replies[0]!.phase).toBe('initial');
    expect(last.response).toContain('"Read 12 books"');
  });
});

/** Plays the hero's lines one turn at a time, sending back what the previous reply returned, as the web does. */
function converse(lines: string[], displayName = 'Aria', today = TODAY) {
  const messages: ChatMessage[] = [];
  let phase: Phase = 'initial';
  let smartGoalData: SmartGoalData | null = null;
  const replies: OnboardingReply[] = [];
  for (const line of lines) {
    messages.push({ role: 'user', content: line });
    const reply = onboardingTurn(
      { messages: [...messages], phase, primaryClass: 'general', displayName, smartGoalData },
      today,
    );
    expect(coachOnboardingReplySchema.safeParse(reply).success).toBe(true);
    replies.push(reply);
    messages.push({ role: 'assistant', content: reply.response });
    phase = reply.phase;
    smartGoalData = reply.smartGoalData;
  }
  const last = replies[replies.length - 1]!;
  return { last, replies, messages };
}

function questionCount(text: string): number {
  return (text.match(/\?/g) ?? []).length;
}

type Case = {
  name: string;
  lines: string[];
  deadline: string;
  target: { value: number; unit: string } | null;
  category: string;
  title: RegExp;
};

const CASES: Case[] = [
  {
    name: 'weight loss with a date in the first message',
    lines: ['I want to lose 5 kg by June 1', "I want to feel confident at my sister's wedding"],
    deadline: '2025-06-01',
    target: { value: 5, unit: 'kg' },
    category: 'fitness',
    title: /^Lose 5 kg$/,
  },
  {
    name: 'savings confirmed as affordable',
    lines: [
      'Save $5,000',
      'in six months',
      'an emergency fund so a broken boiler never scares me again',
      'yes',
    ],
    deadline: '2025-07-15',
    target: { value: 5000, unit: '$' },
    category: 'finance',
    title: /^Save \$5,000$/,
  },
  {
    name: 'reading, everything said at once',
    lines: ['I really want to read 12 books by December because I love stories'],
    deadline: '2025-12-01',
    target: { value: 12, unit: 'books' },
    category: 'education',
    title: /^Read 12 books$/,
  },
  {
    name: 'learning a language by words',
    lines: [
      'I want to learn Spanish',
      'learn 500 words',
      'in 3 months',
      'my grandmother only speaks Spanish',
    ],
    deadline: '2025-04-15',
    target: { value: 500, unit: 'words' },
    category: 'education',
    title: /Spanish/,
  },
  {
    name: 'learning a language to a CEFR level',
    lines: ['Reach B1 in Spanish by the end of the year so I can talk to my in-laws'],
    deadline: '2025-12-31',
    target: { value: 3, unit: 'CEFR level' },
    category: 'education',
    title: /B1/,
  },
  {
    name: 'daily meditation',
    lines: [
      'I would like to meditate 10 minutes every day',
      'for the next 60 days',
      'to handle stress better',
    ],
    deadline: '2025-03-16',
    // A per-day habit's target is the daily amount; the 60 days are its deadline.
    target: { value: 10, unit: 'minutes' },
    category: 'habit',
    title: /^Meditate 10 minutes every day$/,
  },
  {
    name: 'a running time in min:s',
    lines: ['run 5k under 30 minutes', 'by the end of March', 'to prove to myself I can'],
    deadline: '2025-03-31',
    target: { value: 1800, unit: 'min:s' },
    category: 'fitness',
    title: /5k under 30 minutes/,
  },
  {
    name: 'a project with its own finish line',
    lines: [
      'launch my portfolio website',
      'when it is live with 3 case studies',
      'in 2 months',
      'to land freelance clients',
      'about 5 hours a week, on weekends',
    ],
    deadline: '2025-03-15',
    target: { value: 3, unit: 'case studies' },
    category: 'project',
    title: /portfolio website/,
  },
  {
    name: 'a gym habit counted in times a week',
    lines: ['I want to go to the gym 3 times a week', 'for 3 months', 'to feel strong'],
    deadline: '2025-04-15',
    target: { value: 3, unit: 'times' },
    category: 'fitness',
    title: /gym 3 times a week/,
  },
  {
    name: 'quitting smoking as a streak',
    lines: [
      'quit smoking',
      'not a single cigarette for 90 days',
      'my kids deserve a healthy dad',
      'stress at work; I will go for a walk instead',
    ],
    deadline: '2025-04-15',
    target: { value: 90, unit: 'days' },
    category: 'habit',
    title: /^Quit smoking/,
  },
  {
    name: 'paying off debt',
    lines: [
      'Hi! I would like to pay off my credit card debt',
      '$3,000',
      'by the end of the year',
      'I hate paying interest',
      'yes, I can put $300 a month towards it',
    ],
    deadline: '2025-12-31',
    target: { value: 3000, unit: '$' },
    category: 'finance',
    title: /^Pay off \$3,000/,
  },
  {
    name: 'writing a novel',
    lines: [
      'I want to write a novel',
      '50,000 words',
      'by November 30',
      "it's been my dream since I was a kid",
    ],
    deadline: '2025-11-30',
    target: { value: 50000, unit: 'words' },
    category: 'project',
    title: /novel/,
  },
  {
    name: 'a marathon, the why given on its own',
    lines: ['I want to run a marathon in October', 'to raise money for charity'],
    deadline: '2025-10-31',
    target: { value: 42.2, unit: 'km' },
    category: 'fitness',
    title: /^Run a marathon$/,
  },
  {
    name: 'from a vague wish to a concrete quest',
    lines: [
      'I want to be better',
      'idk',
      'health',
      'running',
      'a 10k',
      'by October',
      'to keep up with my kids',
    ],
    deadline: '2025-10-01',
    target: { value: 10, unit: 'km' },
    category: 'fitness',
    title: /^Run 10 km$/,
  },
];

describe('onboardingTurn: goals reach ready with all five SMART parts', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const { last, replies } = converse(c.lines);
      // Every turn before the last is still asking.
      for (const reply of replies.slice(0, -1)) {
        expect(reply.phase).toBe('initial');
        expect(reply.finalGoal).toBeNull();
      }
      expect(last.phase).toBe('ready');
      for (const part of SMART_PARTS) expect(last.smartGoalData[part], part).toBeTruthy();
      expect(last.smartGoalData.deadline).toBe(c.deadline);
      expect(last.smartGoalData.timeBound).toMatch(/^By \w+ \d{1,2}, 20\d\d$/);
      expect(last.smartGoalData.category).toBe(c.category);
      if (c.target) {
        expect(last.smartGoalData.target?.value).toBeCloseTo(c.target.value, 5);
        expect(last.smartGoalData.target?.unit).toBe(c.target.unit);
      }
      const goal = last.finalGoal!;
      expect(goal.title).toMatch(c.title);
      expect(goal.deadline).toBe(c.deadline);
      expect(goal.milestones.length).toBeGreaterThanOrEqual(3);
      expect(goal.milestones.length).toBeLessThanOrEqual(6);
      expect(new Set(goal.milestones).size).toBe(goal.milestones.length);
      expect(last.response).toContain("'Start This Quest'");
      expect(last.response).toContain("'Refine Further'");
      expect(last.response).toContain('Aria');
    });
  }

  it('asks one question at a time, in the order what, how much, by when, why, is it realistic', () => {
    const { replies } = converse(['I want to save money', '5000', 'within 6 months', 'to buy a car']);
    const [afterWhat, afterHowMuch, afterWhen, afterWhy] = replies.map((r) => r.response);
    expect(afterWhat).toMatch(/measure/i);
    expect(afterHowMuch).toMatch(/by when/i);
    expect(afterWhen).toMatch(/why does this quest matter/i);
    expect(afterWhy).toMatch(/realistic/i);
    expect(afterWhy).toMatch(/\$\d{3} a month/);
    for (const reply of replies) expect(questionCount(reply.response)).toBe(1);
    expect(replies.map((r) => r.smartGoalData.achievable)).toEqual([null, null, null, null]);
  });

  it('greets the hero by name before the first message', () => {
    const reply = onboardingTurn(
      { messages: [], phase: 'initial', primaryClass: 'general', displayName: 'Bram', smartGoalData: null },
      TODAY,
    );
    expect(reply.phase).toBe('initial');
    expect(reply.response).toMatch(/Bram/);
    expect(reply.response).toMatch(/The Pathfinder/);
    expect(reply.finalGoal).toBeNull();
  });

  it('reads the whole conversation each turn: a stale or empty smartGoalData from the client changes nothing', () => {
    const messages: ChatMessage[] = [
      { role: 'user', content: 'I want to read 12 books' },
      { role: 'assistant', content: 'By when?' },
      { role: 'user', content: 'by the end of the year' },
    ];
    const base = { messages, phase: 'initial' as const, primaryClass: 'general', displayName: 'Aria' };
    const fresh = onboardingTurn({ ...base, smartGoalData: null }, TODAY);
    const stale = onboardingTurn(
      {
        ...base,
        smartGoalData: {
          specific: 'Something else',
          measurable: null,
          achievable: null,
          relevant: null,
          timeBound: null,
        },
      },
      TODAY,
    );
    expect(stale.smartGoalData.specific).toBe('Read 12 books');
    expect(stale.smartGoalData.deadline).toBe('2025-12-31');
    expect(stale).toEqual(fresh);
  });

  it('keeps keys the client added to smartGoalData', () => {
    const reply = onboardingTurn(
      {
        messages: [{ role: 'user', content: 'I want to read 12 books' }],
        phase: 'initial',
        primaryClass: 'general',
        displayName: 'Aria',
        smartGoalData: {
          specific: null,
          measurable: null,
          achievable: null,
          relevant: null,
          timeBound: null,
          coachNotes: 'kept',
        },
      },
      TODAY,
    );
    expect(reply.smartGoalData.coachNotes).toBe('kept');
    expect(reply.smartGoalData.specific).toBe('Read 12 books');
  });

  it('computes deadlines from the injected today', () => {
    const { last } = converse(
      ['Save $2,000 in three months because I want a cushion', 'yes'],
      'Aria',
      new Date('2026-03-10T08:00:00Z'),
    );
    expect(last.phase).toBe('ready');
    expect(last.finalGoal?.deadline).toBe('2026-06-10');
  });

  it('moves to complete when the hero agrees to start in the ready phase', () => {
    const { last } = converse([
      'I want to read 12 books by December because I love stories',
      'Yes, start this quest!',
    ]);
    expect(last.phase).toBe('complete');
    expect(last.finalGoal?.title).toBe('Read 12 books');
    expect(last.response).toContain('Complete Your Quest Setup');
  });
});

describe('onboardingTurn: vague input gets a follow-up question, not a made-up goal', () => {
  for (const line of [
    'I want to be better',
    'idk',
    'I want to improve my life',
    'be more productive',
    'hmm',
    'something',
  ]) {
    it(`"${line}"`, () => {
      const { last } = converse([line]);
      expect(last.phase).toBe('initial');
      expect(last.finalGoal).toBeNull();
      expect(last.smartGoalData.specific).toBeNull();
      expect(last.smartGoalData.title).toBeNull();
      expect(questionCount(last.response)).toBeGreaterThanOrEqual(1);
      expect(last.response).toContain('Aria');
    });
  }

  it('a broad area is narrowed with examples from that area', () => {
    const { last } = converse(['I want to get fit']);
    expect(last.phase).toBe('initial');
    expect(last.smartGoalData.specific).toBeNull();
    expect(last.response).toMatch(/5k/);
  });

  it('an unclear answer to "by when?" is asked again and no date is invented', () => {
    const { last } = converse(['I want to read 12 books', 'soonish I hope']);
    expect(last.phase).toBe('initial');
    expect(last.smartGoalData.timeBound).toBeNull();
    expect(last.response).toMatch(/date/);
  });

  it('a hero with no deadline is offered one and can accept it', () => {
    const { replies } = converse(['run a 5k', 'no rush', 'sure']);
    expect(replies[1]!.response).toMatch(/April 15, 2025/);
    expect(replies[1]!.smartGoalData.deadline).toBeNull();
    expect(replies[2]!.smartGoalData.deadline).toBe('2025-04-15');
  });

  it('an empty reason is not accepted as the why', () => {
    const { last } = converse(['I want to read 12 books by December', 'idk']);
    expect(last.smartGoalData.relevant).toBeNull();
    expect(last.phase).toBe('initial');
  });
});

describe('onboardingTurn: refine', () => {
  const ready = ['I want to read 12 books by December because I love stories'];

  it("the web's refine message goes back to initial and asks what to change", () => {
    const { last } = converse([...ready, "I'd like to refine this goal further."]);
    expect(last.phase).toBe('initial');
    expect(last.finalGoal).toBeNull();
    expect(last.response).toMatch(/what would you like to change/i);
    // Nothing is forgotten yet.
    expect(last.smartGoalData.specific).toBe('Read 12 books');
  });

  it('a new deadline after refining is honoured and the goal is ready again', () => {
    const { last } = converse([
      ...ready,
      "I'd like to refine this goal further.",
      'make it by August 1 instead',
    ]);
    expect(last.phase).toBe('ready');
    expect(last.finalGoal?.deadline).toBe('2025-08-01');
    expect(last.smartGoalData.timeBound).toBe('By August 1, 2025');
    expect(last.finalGoal?.title).toBe('Read 12 books');
    expect(last.response).toMatch(/redrawn/);
  });

  it('naming the part to change clears it and asks for it', () => {
    const { replies, last } = converse([...ready, 'I want to change the deadline', 'in 6 months']);
    expect(replies[1]!.phase).toBe('initial');
    expect(replies[1]!.smartGoalData.timeBound).toBeNull();
    expect(replies[1]!.response).toMatch(/by when/i);
    expect(last.phase).toBe('ready');
    expect(last.finalGoal?.deadline).toBe('2025-07-15');
  });

  it('a refine message can carry the new reason itself', () => {
    const { last } = converse([...ready, 'change the why: I want to be a role model for my kids']);
    expect(last.phase).toBe('ready');
    expect(last.smartGoalData.relevant).toBe('I want to be a role model for my kids');
    expect(last.finalGoal?.title).toBe('Read 12 books');
  });

  it('a different goal after refining asks for its own reason', () => {
    const { last } = converse([
      ...ready,
      'refine',
      'the goal itself',
      'I want to run a marathon',
      'in October',
    ]);
    expect(last.phase).toBe('initial');
    expect(last.smartGoalData.specific).toBe('Run a marathon');
    expect(last.smartGoalData.relevant).toBeNull();
    expect(last.smartGoalData.deadline).toBe('2025-10-31');
    expect(last.response).toMatch(/why does this quest matter/i);
  });

  it('a new target overrides the old one everywhere', () => {
    const { last } = converse([...ready, 'Can we adjust it? Actually I want to read 20 books']);
    expect(last.phase).toBe('ready');
    expect(last.smartGoalData.target?.value).toBe(20);
    expect(last.finalGoal?.title).toBe('Read 20 books');
    expect(last.finalGoal?.milestones.at(-1)).toBe('Read all 20 books');
  });
});

describe('onboardingTurn: feasibility', () => {
  it('pushes back on losing 40 kg in 2 weeks instead of accepting it', () => {
    const { last } = converse(['I want to lose 40 kg in 2 weeks']);
    expect(last.phase).toBe('initial');
    expect(last.finalGoal).toBeNull();
    expect(last.smartGoalData.achievable).toBeNull();
    expect(last.response).toMatch(/honest/);
    expect(last.response).toMatch(/0\.5 to 1 kg a week/);
  });

  it('the hero can take the safer deadline with a yes, and then the quest goes on', () => {
    const { replies } = converse(['I want to lose 40 kg in 2 weeks', 'yes', 'to be able to hike again']);
    expect(replies[1]!.smartGoalData.deadline! > '2025-12-01').toBe(true);
    expect(replies[2]!.phase).toBe('ready');
    expect(replies[2]!.smartGoalData.achievable).toMatch(/kg a week/);
  });

  it('the hero can answer a pushback with a later deadline of their own', () => {
    const { last } = converse([
      'read 52 books in 2 months',
      'ok then by the end of the year',
      'I want to read more than I scroll',
    ]);
    expect(last.phase).toBe('ready');
    expect(last.finalGoal?.deadline).toBe('2025-12-31');
  });

  it('a marathon in three weeks is pushed back; one in October is fine', () => {
    const early = converse(['run a marathon in 3 weeks']).last;
    expect(early.phase).toBe('initial');
    expect(early.response).toMatch(/weeks or more/);
    const later = converse(['run a marathon in 3 weeks', 'what about in October?', 'for charity']).last;
    expect(later.phase).toBe('ready');
  });

  it('infers achievable from a sane pace and states it', () => {
    const { last } = converse(['I want to read 12 books by December because I love stories']);
    expect(last.smartGoalData.achievable).toMatch(/1 book every 4 weeks/);
    expect(last.smartGoalData.difficulty).toBe('easy');
  });

  it('a hero who says the pace is too much is offered more time or a smaller target', () => {
    const { last } = converse(['I want to save money', '5000', 'within 6 months', 'to buy a car', 'no']);
    expect(last.phase).toBe('initial');
    expect(last.response).toMatch(/more room/);
    expect(last.response).toMatch(/\$3,350/);
  });
});

describe('onboardingTurn: safety', () => {
  it('answers a message about self-harm with support and crisis lines, not a plan', () => {
    const { last } = converse([
      'I want to read 12 books by December because I love stories',
      'honestly I just want to end my life',
    ]);
    expect(last.phase).not.toBe('ready');
    expect(last.finalGoal).toBeNull();
    expect(last.response).toMatch(/988/);
    expect(last.response).toMatch(/findahelpline\.com/);
    expect(last.response).not.toMatch(/Start This Quest/);
  });

  it('a first message about self-harm gets the same care', () => {
    const { last } = converse(['I want to kill myself']);
    expect(last.phase).toBe('initial');
    expect(last.smartGoalData.specific).toBeNull();
    expect(last.response).toMatch(/you don't have to carry it alone/);
  });
});
