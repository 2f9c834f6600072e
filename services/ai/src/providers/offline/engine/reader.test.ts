import type { ChatMessage } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { advisorTurn } from './advisor.ts';

// The goal frame at work: titles keep what the hero named, a second goal of the same kind is its own
// plan, corrections replace what they correct, and advice is answered. These statements are the
// testers' and our own; none comes from the frozen held-out set (dev-set/held-out.ts).

const TODAY = new Date('2026-01-15T12:00:00Z');

function advise(lines: string[]) {
  const history: ChatMessage[] = [];
  return lines.map((message) => {
    const reply = advisorTurn({ message, history: [...history], today: TODAY });
    history.push({ role: 'user', content: message }, { role: 'assistant', content: reply.reply });
    return reply;
  });
}

function plan(lines: string[]) {
  const p = advise(lines).at(-1)!.plan;
  expect(p, lines.join(' / ')).not.toBeNull();
  return {
    title: p!.goal.title,
    category: p!.goal.category,
    value: p!.goal.metric.target_value,
    unit: p!.goal.metric.unit ?? '',
    due: p!.milestones.at(-1)!.due_date,
  };
}

/** [statement, what the title must name (the thing and the activity), what it must not say]. */
const NAMED: Array<[string, string[], RegExp?]> = [
  ['learn to play the guitar well enough to play three songs by next summer', ['guitar', 'play']],
  ['Save $2,000 for my wedding by October 1', ['wedding', '$2,000']],
  ['pay off the $650 on my store card by May 31', ['pay off', 'store card'], /^save/i],
  ['learn 5 songs on the ukulele by June 30', ['ukulele', 'songs']],
  ['do a 100 km bike ride by September 1', ['bike ride', '100 km'], /\brun\b/i],
  ['Save $2,000 for a trip to Japan by next spring', ['Japan', 'trip']],
  ['I would also like to read 12 books by the end of the year', ['read', '12 books']],
  ['Swim 1500 m without stopping by June 21', ['swim', '1500 m']],
  ['learn 300 words of Korean by May 1', ['Korean', 'learn']],
  ['take the Coursera machine learning course by June 30', ['Coursera', 'machine learning']],
  ['hike 30 km on the Pennine Way by August 1', ['hike', 'Pennine Way'], /\brun\b/i],
  ['save $5,000 for a new car by December 1', ['new car', 'save']],
  ['row 10 km on the Thames by July 1', ['row', 'Thames'], /\brun\b/i],
  ['read 6 books about Roman history by June 30', ['Roman history', 'read']],
  ['learn to play 4 songs on the piano by May 31', ['piano', 'play']],
  ['walk 100 km for charity by June 1', ['walk', 'charity'], /\brun\b/i],
  ['cycle 200 km from London to Brighton and back by July 31', ['cycle', 'Brighton'], /\brun\b/i],
  ['Save £800 for a festival ticket to Glastonbury by June 1', ['Glastonbury', '£800']],
  ['publish 10 episodes of my gardening podcast by June 30', ['gardening podcast', 'publish']],
  ['build a website for my pottery studio by April 30', ['pottery studio', 'website']],
  ['earn $3,000 from tutoring maths by September 1', ['tutoring', 'earn']],
  ['Finish the London Marathon on 26 April 2026', ['London', 'marathon']],
];

describe('a title keeps what the hero named', () => {
  for (const [statement, named, never] of NAMED) {
    it(`"${statement}"`, () => {
      const { title } = plan([statement]);
      for (const word of named) expect(title.toLowerCase(), title).toContain(word.toLowerCase());
      if (never) expect(title).not.toMatch(never);
      expect(title).not.toMatch(/^i\b/i);
      expect(title).not.toMatch(/\b(?:by|in|for|to|the|a|and|of|next|this|until|before|on)$/i);
    });
  }

  it('reads a race time in words as a time, the same for every race', () => {
    expect(plan(['run a marathon in under four hours by October 18'])).toMatchObject({
      value: 14400,
      unit: 'min:s',
    });
    expect(plan(['run a half marathon in under 2 hours by September 15'])).toMatchObject({
      value: 7200,
      unit: 'min:s',
    });
  });

  it('reads a distance swum without stopping as a distance, and the date in brackets as the date', () => {
    expect(plan(['Swim 1500 m without stopping by summer (June 21)'])).toMatchObject({
      value: 1.5,
      unit: 'km',
      due: '2026-06-21',
    });
  });
});

/** The first plan's own words, none of which may reach the second plan. */
function keepsNothingOf(first: string[], second: ReturnType<typeof plan>) {
  const text = `${second.title} ${second.unit}`.toLowerCase();
  for (const word of first) expect(text, `${second.title} / ${second.unit}`).not.toContain(word);
}

describe('a second goal of the same kind after a plan is a new plan', () => {
  it('habit after habit', () => {
    const second = plan([
      'cut my coffee down to one cup a day by the end of February',
      'go to bed by 11pm every night for a month',
    ]);
    expect(second.category).toBe('habit');
    expect(second.title).toMatch(/bed/i);
    expect(second).toMatchObject({ value: 31, unit: 'days', due: '2026-02-15' });
    keepsNothingOf(['coffee', 'cup'], second);
    expect(second.unit).not.toMatch(/pm/);
  });

  it('another habit after a meditation habit', () => {
    const second = plan(['meditate 10 minutes a day for 30 days', 'journal every evening for 6 weeks']);
    expect(second.title).toMatch(/journal/i);
    keepsNothingOf(['meditat', 'minute'], second);
  });

  it('project after project after project', () => {
    const replies = advise([
      'launch my online shop by April 30',
      'release a 6-track album on Spotify by the end of August',
      'build a wooden deck in the garden by June 30',
    ]);
    const [, music, deck] = replies.map((r) => r.plan!);
    expect(music!.goal.title).toMatch(/album/);
    expect(music!.goal.metric).toMatchObject({ target_value: 6, unit: 'tracks' });
    expect(music!.goal.title).not.toMatch(/shop/i);
    expect(deck!.goal.title).toMatch(/deck/);
    expect(deck!.goal.title).not.toMatch(/shop|album|track/i);
    expect(deck!.goal.metric.unit ?? '').not.toMatch(/track/);
    expect(deck!.goal.metric.target_value === 6).toBe(false);
    expect(deck!.milestones.at(-1)!.due_date).toBe('2026-06-30');
  });

  it('fitness after fitness', () => {
    const second = plan(['run a 10k by May 1', 'do 50 push-ups in a row by the end of March']);
    expect(second).toMatchObject({ value: 50, unit: 'push-ups', due: '2026-03-31' });
    keepsNothingOf(['10k', 'km', 'run'], second);
  });

  it('debt after savings', () => {
    const second = plan(['save $3,000 for a car by August 1', 'pay off my $1,200 credit card by May 31']);
    expect(second).toMatchObject({ value: 1200, due: '2026-05-31' });
    expect(second.title).toMatch(/credit card/);
    keepsNothingOf(['car ', '3,000'], second);
  });

  it('but a change to the plan stays a change', () => {
    expect(plan(['read 12 books by June 30', 'finish by September instead'])).toMatchObject({
      value: 12,
      due: '2026-09-01',
    });
    expect(plan(['read 12 books by June 30', 'make it 20 books'])).toMatchObject({
      title: 'Read 20 books',
      value: 20,
    });
  });
});

describe('corrections replace what they correct', () => {
  it('in the same message', () => {
    expect(plan(['Read 24 books this year... well, by December 31 next year'])).toMatchObject({
      value: 24,
      due: '2027-12-31',
    });
    expect(plan(['learn 200 Spanish words in three months, actually make it two'])).toMatchObject({
      value: 200,
      due: '2026-03-15',
    });
    expect(plan(['read 6 books by the end of January, no wait, by the end of February']).due).toBe(
      '2026-02-28',
    );
    expect(plan(['save $2,000 this coming year, by 31 December next year']).due).toBe('2027-12-31');
  });

  it('in the next message', () => {
    const p = plan(['run 5 km three times a week for 8 weeks', 'actually, make it 10 km']);
    expect(p.title).toContain('10 km');
    expect(p.title).not.toContain('5 km');
    expect(plan(['save £1,000 for a sofa by May 31', 'no wait, make that June 30'])).toMatchObject({
      value: 1000,
      due: '2026-06-30',
    });
  });
});

describe('advice, questions and small talk are answered, not planned', () => {
  it('advice', () => {
    const [reply] = advise(['I keep skipping my morning runs… any advice?']);
    expect(reply!.plan).toBeNull();
  });

  it('a question about the quest being shaped, with the quest as context', () => {
    const replies = advise([
      'run 3 times a week for 8 weeks',
      'how many runs should I have done by February?',
    ]);
    expect(replies[1]!.plan).toBeNull();
    expect(replies[1]!.reply).toContain('Run 3 times a week');
  });

  it('small talk', () => {
    expect(advise(['good morning!'])[0]!.plan).toBeNull();
  });
});

describe('general readings behind the frame', () => {
  it('a named feat with no number is done once, as fitness, without inventing a count', () => {
    expect(plan(['Climb Ben Nevis by 31 May'])).toMatchObject({ category: 'fitness', value: 100, unit: '%' });
    const peaks = plan(['Complete the Yorkshire Three Peaks by 30 June']);
    expect(peaks).toMatchObject({ category: 'fitness', due: '2026-06-30' });
    expect(peaks.unit).not.toMatch(/peak/);
    expect(plan(['finish the Odin Project by May 1']).category).toBe('project');
  });

  it('going without anything for a span is a habit streak', () => {
    expect(plan(['Stop checking Instagram after 9pm for 30 days'])).toMatchObject({
      category: 'habit',
      value: 30,
      unit: 'days',
    });
    expect(plan(['give up crisps for 6 weeks'])).toMatchObject({
      category: 'habit',
      value: 42,
      unit: 'days',
    });
  });

  it('a corrected span keeps its preposition', () => {
    expect(plan(['No fizzy drinks for 4 weeks... actually let us do 6 weeks'])).toMatchObject({
      value: 42,
      due: '2026-02-26',
    });
  });

  it('every lunchtime is every day', () => {
    expect(plan(['take a 20 minute walk every lunchtime for a month'])).toMatchObject({
      value: 20,
      unit: 'minutes/day',
    });
  });
});

describe('a wish to be a way is asked about, not measured with another yardstick', () => {
  it('asks for one concrete thing, with examples that fit the wish', () => {
    for (const wish of ['be happier', 'I want to feel calmer and happier this year']) {
      const [reply] = advise([wish]);
      expect(reply!.plan, wish).toBeNull();
      expect(reply!.reply).not.toMatch(/pages|users|kilograms/);
      expect(reply!.reply).toMatch(/meditat|journal/);
    }
    const [organised] = advise(['be more organised at home']);
    expect(organised!.plan).toBeNull();
    expect(organised!.reply).not.toMatch(/users|pages/);
  });

  it('keeps concrete goals that start the same way', () => {
    expect(plan(['be able to do a pull-up by March 20']).unit).toMatch(/pull-up/);
    expect(advise(['get married by June'])[0]!.plan).not.toBeNull();
  });
});

describe('revisions and new goals that share a word', () => {
  it('a revised count renames the title, keeping the hero words around it', () => {
    expect(plan(['read 12 books by June 30', '20 novels']).title).toBe('Read 20 novels');
    expect(plan(['learn 500 Spanish words by May 1', 'actually 800']).title).toBe('Learn 800 Spanish words');
    expect(plan(['write 10 blog posts by June 30', 'no wait, 12 posts'])).toMatchObject({
      title: 'Write 12 blog posts',
      value: 12,
    });
  });

  it('the same verb with other things named is another goal; a shared unit is not a shared thing', () => {
    const podcast = plan(['publish 8 YouTube videos by April 30', 'publish 4 podcast episodes by May 31']);
    expect(podcast).toMatchObject({ value: 4, due: '2026-05-31' });
    expect(podcast.title).not.toMatch(/YouTube|videos/i);
    const ride = plan(['swim 2 km without stopping by June 1', 'cycle 100 km in one ride by August 1']);
    expect(ride.title).toMatch(/^Cycle 100 km/);
  });
});

describe('more of the hero’s ways of saying it', () => {
  it("', no X' inside a goal is not a correction", () => {
    expect(plan(['I want to eat well, no junk food for 30 days']).title).toMatch(/no junk food/);
  });

  it('a plan asked for as a question plans the goal in it', () => {
    expect(plan(['Could you make me a plan to save $3,000 by June 30?'])).toMatchObject({
      value: 3000,
      due: '2026-06-30',
    });
  });

  it('an ultra is a distance to cover', () => {
    expect(plan(["I'm hoping to do a 50 km ultra by October 1"])).toMatchObject({ value: 50, unit: 'km' });
  });
});

describe('scores, hours and months as heroes put them', () => {
  it('a score or a share to reach is measured from where the hero starts', () => {
    expect(plan(['Get my credit score above 750 by December'])).toMatchObject({
      category: 'finance',
      value: 750,
      unit: 'credit score',
    });
    // The area follows what the score measures, so do the habits offered with it.
    expect(advise(['Get my credit score above 750 by December']).at(-1)!.plan!.habits).toContain(
      'Hold a weekly budget check-in',
    );
    const fat = advise(['Reduce my body fat to 15% by summer']).at(-1)!.plan!;
    expect(fat.goal).toMatchObject({ category: 'fitness', metric: { target_value: 15, unit: '% body fat' } });
    expect(fat.milestones[0]!.label).toBe('Measure your body fat and note where you start');
  });

  it('hours that add up are a total to log, not a day’s pace', () => {
    const hours = advise(['Volunteer 50 hours at the food bank by June']).at(-1)!;
    expect(hours.reply).not.toMatch(/a day by/);
    expect(hours.plan!.goal.metric).toEqual({ target_value: 50, unit: 'hours' });
    expect(hours.plan!.milestones.at(-1)!.label).toBe('Volunteer all 50 hours');
  });

  it("'by May' is a month, and 'the whole of January' ends with it", () => {
    expect(plan(['Read 12 books by May'])).toMatchObject({ value: 12, due: '2026-05-01' });
    expect(plan(['Walk 10,000 steps a day for the whole of March'])).toMatchObject({
      title: 'Walk 10,000 steps a day',
      due: '2026-03-31',
    });
  });

  it('a goal may name dates, goals and targets as things', () => {
    expect(plan(['Take my partner on 12 date nights by December 31'])).toMatchObject({
      value: 12,
      unit: 'date nights',
    });
  });

  it("'save money' asked how much is saved, not saved for money", () => {
    expect(plan(['i wanna save money', '2000', 'by June 30']).title).toBe('Save $2,000');
  });

  it('a count keeps the word the hero counted in', () => {
    expect(plan(['Learn 500 Japanese kanji in 6 months'])).toMatchObject({ value: 500, unit: 'kanji' });
  });
});

describe('ways of living kept for a span', () => {
  it('going vegetarian or sober for a span is a streak of days', () => {
    expect(plan(['Go vegetarian for 3 months'])).toMatchObject({
      category: 'habit',
      value: 90,
      unit: 'days',
    });
    expect(plan(['stay sober for a year'])).toMatchObject({ category: 'habit', value: 365, unit: 'days' });
  });

  it("'no alcohol in January' is going without it until January ends", () => {
    expect(plan(['No alcohol in January'])).toMatchObject({
      value: 0,
      unit: 'drinks/day',
      due: '2026-01-31',
    });
  });
});

describe('rhythms sparser than a week', () => {
  it("are kept per month or fortnight, in the title's words, a period at a time", () => {
    const therapy = advise(['Go to therapy every two weeks until March 26']).at(-1)!.plan!;
    expect(therapy.goal.metric).toEqual({ target_value: 1, unit: 'times/fortnight' });
    expect(therapy.milestones[0]!.label).toMatch(/^Go to therapy every two weeks for /);
    const church = advise(['Volunteer at church twice a month until the end of February']).at(-1)!.plan!;
    expect(church.goal.title).toBe('Volunteer at church twice a month');
    expect(church.goal.metric).toEqual({ target_value: 2, unit: 'times/month' });
    // Forty-four days hold one month: one checkpoint, not four a week apart.
    expect(church.milestones).toHaveLength(1);
  });
});

describe('goals said in passing', () => {
  it('a goal for the year, with a smile and a hope, is the goal', () => {
    expect(
      plan(['hey! so my goal this year is to finally run my first 10k, hopefully by april 🙂']),
    ).toMatchObject({
      title: 'Run my first 10k',
      value: 10,
      unit: 'km',
      due: '2026-04-01',
    });
  });

  it("'need to lose like 15 lbs' keeps the goal and drops the filler", () => {
    const first = advise(['Need to lose like 15 lbs before beach season']).at(-1)!;
    expect(first.reply).toContain('"Lose 15 lbs');
  });

  it('a goal thought about aloud, ending in a question mark, is still a goal', () => {
    expect(advise(['thinking about reading more... maybe 2 books a month?']).at(-1)!.reply).not.toMatch(
      /good question/i,
    );
  });

  it('facts after the reason belong to the goal, and a language is a name', () => {
    expect(plan(['I wanna learn spanish so I can talk to my in-laws, B1 by the end of 2027'])).toMatchObject({
      title: 'Learn Spanish: reach B1',
      value: 3,
      due: '2027-12-31',
    });
  });

  it('a weekly cap is kept week by week', () => {
    const labels = advise(["I'd like to drink less alcohol, max 3 drinks a week for the next 3 months"])
      .at(-1)!
      .plan!.milestones.map((m) => m.label);
    expect(labels[1]).toMatch(/of weeks$/);
  });
});

describe('a named book and a single piece of work', () => {
  it('a book named by its capitals is a book to finish, and one song or post is planned in stages', () => {
    const bible = advise(['Read the Bible in a year']).at(-1)!.plan!;
    expect(bible.milestones[0]!.label).toBe('Start the Bible');
    expect(bible.milestones.at(-1)!.label).toBe('Finish the Bible');
    expect(plan(['Publish my first blog post by February 20'])).toMatchObject({
      title: 'Publish my first blog post',
      value: 1,
    });
    expect(plan(['Record a song by March'])).toMatchObject({
      title: 'Record a song',
      value: 1,
      unit: 'songs',
    });
    // Not a book: no capitals, so the coach asks how much.
    expect(advise(['I want to read more by June']).at(-1)!.plan).toBeNull();
  });
});

describe('money by the month', () => {
  it('an income to reach is built up, a spending cap kept, and a 401k is an account, not a distance', () => {
    const income = advise(['Make $1,000 a month from my side hustle by June 15']).at(-1)!.plan!;
    expect(income.milestones.map((m) => m.label).at(0)).toMatch(/^Make \$\d+ a month$/);
    expect(income.milestones.at(-1)!.label).toBe('Make $1,000 a month');
    const cap = advise(['Spend no more than £250 a month on groceries until June']).at(-1)!.plan!;
    expect(cap.milestones[0]!.label).toMatch(/^Spend at most £250 a month for /);
    const eatingOut = advise(['Spend under $200 on eating out each month until March 31']).at(-1)!.plan!;
    expect(eatingOut.goal.metric).toEqual({ target_value: 200, unit: '$/month' });
    const savings = advise(['Put $100 into savings every week for a year']).at(-1)!.plan!;
    expect(savings.milestones[0]!.label).toMatch(/^Save \$[\d,]+ of \$5,200$/);
    const account = advise(['Max out my 401k this year']).at(-1)!;
    expect(account.plan).toBeNull();
    expect(account.reply).not.toMatch(/\bkm\b/);
  });
});

describe('a slow loss in stone', () => {
  it('reads its pace in pounds, not as 0 stone a week', () => {
    const reply = advise(['Lose 2 stone by Christmas next year']).at(-1)!.reply;
    expect(reply).toMatch(/about [\d.]+ lb a week/);
    expect(reply).toContain('December 25, 2027');
  });
});

describe('a wish about the family', () => {
  it("is offered a family's examples, and one of them becomes the plan", () => {
    const [wish, , planned] = advise(['Be a better dad', 'read with my kids every night', 'for 60 days']);
    expect(wish!.reply).toMatch(/^Growing closer to your family/);
    expect(planned!.plan!.goal).toMatchObject({
      title: 'Read with my kids every night',
      metric: { target_value: 60, unit: 'days' },
    });
    expect(advise(['Be a better friend'])[0]!.reply).toMatch(/^Deepening your connections/);
  });
});

describe('challenges that count their days, and rhythms until a date', () => {
  it("a 30-day challenge is walked day by day, under the hero's words", () => {
    const challenge = advise(['Do a 30-day plank challenge']).at(-1)!.plan!;
    expect(challenge.goal).toMatchObject({
      title: 'Do a 30-day plank challenge',
      metric: { target_value: 30, unit: 'days' },
    });
    expect(challenge.milestones[0]!.label).toMatch(/^Do a 30-day plank challenge: day \d+ of 30$/);
    expect(challenge.milestones.at(-1)!.label).toBe('Do a 30-day plank challenge: all 30 days');
  });

  it("'every Sunday until March' ends with March", () => {
    expect(plan(['Meal prep every Sunday until March'])).toMatchObject({
      title: 'Meal prep every Sunday',
      due: '2026-03-01',
    });
  });
});

describe("'I can', 'I may' and 'can you help me'", () => {
  it('lead a goal rather than answer a question', () => {
    expect(plan(['I can save $500 by May'])).toMatchObject({ title: 'Save $500', value: 500 });
    expect(plan(['I may read 12 books by June']).title).toBe('Read 12 books');
    expect(plan(['Can you help me read 12 books by June?'])).toMatchObject({
      title: 'Read 12 books',
      value: 12,
    });
  });
});
