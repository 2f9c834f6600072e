import type { GoalStatement } from './goal-statements.ts';

// FROZEN HELD-OUT SET. Never used to tune the Pathfinder: no reader, rule, word list or test is ever
// changed to pass one of these statements, and its misses are read only to report them. They were
// written in one sitting, before the reader changes they measure, in the voices of heroes nobody here
// tuned on. A later change to this file (a statement added, reworded or re-scored) makes it a new
// held-out batch: report that batch's figure apart, never merged into this one's history.
//
// The dev set's conventions hold (see goal-statements.ts). Beyond a single first message, a statement may
// carry:
// - `before`: the hero's earlier messages in the same conversation, each answered by the coach first
//   (a second goal after a plan, or a correction sent in the next message);
// - `answer: true`: advice, a question about a quest or small talk, which gets an answer and no plan;
// - `title`: what the plan's title must name in the hero's own words (an instrument, a place, a sum's
//   purpose, the activity), and it must read as a title (not 'I would like to...', no cut phrase).

const t = (value: number, unit: string) => ({ value, unit });

/** A message the coach answers rather than plans. */
function ask(text: string, category: GoalStatement['category'], before?: string[]): GoalStatement {
  return { text, category, target: null, deadline: '', answer: true, ...(before ? { before } : {}) };
}

// biome-ignore format: one statement a line keeps the set readable as a table.
export const HELD_OUT_STATEMENTS: readonly GoalStatement[] = [
  // Fitness: times read as times, the activity named, corrections, a second goal after a first.
  { text: 'I want to run a 10k in under 55 minutes by the end of May', category: 'fitness', target: t(3300, 'min:s'), deadline: '2026-05-31', title: ['10k'] },
  { text: 'run the Chicago marathon in under three and a half hours on October 11', category: 'fitness', target: t(12600, 'min:s'), deadline: '2026-10-11', title: ['marathon'] },
  { text: 'Ride 100 km on my road bike in one day by August 15', category: 'fitness', target: t(100, 'km'), deadline: '2026-08-15', title: ['ride'] },
  { text: 'swim 1 km in the sea without stopping by midsummer (June 24)', category: 'fitness', target: t(1, 'km'), deadline: '2026-06-24', title: ['swim'] },
  { text: "lose 6 kg before my sister's wedding on 5 September", category: 'fitness', target: t(6, 'kg'), deadline: '2026-09-05', title: ['6 kg'] },
  { text: "do 25 push-ups in a row by the end of March, actually let's say 30", category: 'fitness', target: t(30, 'push-ups'), deadline: '2026-03-31', title: ['30'] },
  { text: 'Hike the West Highland Way, 154 km, by the end of July', category: 'fitness', target: t(154, 'km'), deadline: '2026-07-31', title: ['West Highland Way'] },
  { text: 'Do 40 push-ups in a row by May 1', before: ['run a half marathon by 20 September'], category: 'fitness', target: t(40, 'push-ups'), deadline: '2026-05-01', title: ['push-ups'] },
  { text: 'cycle 300 km a month until the end of October', category: 'fitness', target: t(300, 'km/month'), deadline: '2026-10-31', title: ['cycle'] },
  { text: 'actually, make it 10,000 steps', before: ['walk 8,000 steps a day for 6 weeks'], category: 'fitness', target: t(10000, 'steps/day'), deadline: '2026-02-26', title: ['10,000'] },
  { text: 'Get my half marathon time under 1 hour 50 by 10 May', category: 'fitness', target: t(6600, 'min:s'), deadline: '2026-05-10', title: ['half marathon'] },
  { text: 'I want to do a 5 km open-water swim by 1 August', category: 'fitness', target: t(5, 'km'), deadline: '2026-08-01', title: ['swim'] },
  ask('I keep missing my gym sessions after work, what can I do?', 'fitness'),
  { text: 'Climb Kilimanjaro by 30 September', category: 'fitness', target: null, deadline: '2026-09-30', title: ['Kilimanjaro'] },
  { text: 'run a half marathon in 1:45 by October 4', category: 'fitness', target: t(6300, 'min:s'), deadline: '2026-10-04', title: ['half marathon'] },
  { text: 'finish a 10 mile race in under 80 minutes by June 7', category: 'fitness', target: t(4800, 'min:s'), deadline: '2026-06-07', title: ['10 mile'] },
  ask('what should my first week of training look like?', 'fitness', ['run a 5k in under 30 minutes by April 30']),
  { text: 'Complete the Three Peaks Challenge by 31 July', category: 'fitness', target: null, deadline: '2026-07-31', title: ['Three Peaks'] },
  { text: 'lose 4 kg by the end of April', before: ['walk 10,000 steps a day for 6 weeks'], category: 'fitness', target: t(4, 'kg'), deadline: '2026-04-30', title: ['4 kg'] },
  { text: "Run 4 times a week for 6 weeks, actually let's say 3 times a week", category: 'fitness', target: t(3, 'times/week'), deadline: '2026-02-26', title: ['run'] },
  { text: 'be able to swim 50 lengths in one session by the end of May', category: 'fitness', target: t(50, 'lengths'), deadline: '2026-05-31', title: ['swim'] },

  // Finance: the sum's purpose kept, debts paid off rather than saved, corrections.
  { text: 'Save $3,000 for my wedding dress by 1 June', category: 'finance', target: t(3000, '$'), deadline: '2026-06-01', title: ['wedding dress'] },
  { text: 'pay off the $1,200 left on my Target store card by April 30', category: 'finance', target: t(1200, '$'), deadline: '2026-04-30', title: ['pay off', 'store card'] },
  { text: 'put away £2,500 for a trip to Iceland by August 31', category: 'finance', target: t(2500, '£'), deadline: '2026-08-31', title: ['Iceland'] },
  { text: 'Save $4,000 by June, no wait, by the end of September', category: 'finance', target: t(4000, '$'), deadline: '2026-09-30', title: ['$4,000'] },
  { text: 'save 3 thousand euros in six months, actually make it eight', category: 'finance', target: t(3000, '€'), deadline: '2026-09-15', title: ['save'] },
  { text: 'pay off my $900 phone bill arrears by March 31', before: ['Save $5,000 for a house deposit by December 31'], category: 'finance', target: t(900, '$'), deadline: '2026-03-31', title: ['phone bill'] },
  { text: "I want to have $10,000 in my kids' college fund by the end of 2027", category: 'finance', target: t(10000, '$'), deadline: '2027-12-31', title: ['college fund'] },
  ask('How do I stop impulse buying on Amazon?', 'finance'),
  { text: 'Set aside $150 a month for 6 months for Christmas presents', category: 'finance', target: t(900, '$'), deadline: '2026-07-15', title: ['Christmas presents'] },
  { text: 'actually make it £1,500', before: ['save £1,000 for a new laptop by May 31'], category: 'finance', target: t(1500, '£'), deadline: '2026-05-31', title: ['laptop'] },
  { text: 'Pay off my $6,500 student loan this coming year... well, by December 31 next year', category: 'finance', target: t(6500, '$'), deadline: '2027-12-31', title: ['student loan'] },
  { text: 'pay off my $3,000 credit card by August 31', before: ['save $2,000 for a trip to Japan by October 1'], category: 'finance', target: t(3000, '$'), deadline: '2026-08-31', title: ['credit card'] },
  { text: 'Save $1,800 for a trip to Lisbon by next September', category: 'finance', target: t(1800, '$'), deadline: '2026-09-01', title: ['Lisbon'] },
  { text: 'save for a new MacBook, $1,600, by 31 July', category: 'finance', target: t(1600, '$'), deadline: '2026-07-31', title: ['MacBook'] },
  ask('Should I pay off debt or save first?', 'finance'),

  // Habits: a second habit is its own plan, named objects kept, corrections.
  { text: 'Every night I want to read for 20 minutes before bed, for the next 8 weeks', category: 'habit', target: t(20, 'minutes/day'), deadline: '2026-03-12', title: ['read'] },
  { text: 'be in bed by 11pm every night for 4 weeks', before: ['cut down to one coffee a day by February 28'], category: 'habit', target: t(28, 'days'), deadline: '2026-02-12', title: ['bed'] },
  { text: 'drink 2 litres of water a day until the end of March', before: ['meditate 10 minutes a day for 6 weeks'], category: 'habit', target: t(2, 'litres/day'), deadline: '2026-03-31', title: ['water'] },
  { text: 'Stop scrolling TikTok after 10pm for 60 days', category: 'habit', target: t(60, 'days'), deadline: '2026-03-16', title: ['TikTok'] },
  { text: 'limit Netflix to 1 hour a day for 3 weeks, no, make it 45 minutes', category: 'habit', target: t(45, 'minutes/day'), deadline: '2026-02-05', title: ['Netflix'] },
  ask('I keep skipping my evening walks, any tips to stay consistent?', 'habit'),
  { text: 'Practise the ukulele for 20 minutes a day for 2 months', category: 'habit', target: t(20, 'minutes/day'), deadline: '2026-03-15', title: ['ukulele'] },
  { text: 'floss every night until my dentist appointment on 20 March', category: 'habit', target: t(64, 'days'), deadline: '2026-03-20', title: ['floss'] },
  { text: "No takeaway coffee for 6 weeks... actually let's do 8 weeks", category: 'habit', target: t(56, 'days'), deadline: '2026-03-12', title: ['coffee'] },
  { text: 'meditate 15 minutes a day for 2 months', before: ['quit smoking by March 1st'], category: 'habit', target: t(15, 'minutes/day'), deadline: '2026-03-15', title: ['meditate'] },
  ask('I just want to be happier this year', 'habit'),

  // Projects: the thing made named, a second project never titled after the first.
  { text: 'release a 6-track EP on Bandcamp by the end of July', before: ['launch my candle shop on Etsy by April 1'], category: 'project', target: t(6, 'tracks'), deadline: '2026-07-31', title: ['EP'] },
  { text: 'build a chicken coop in the back garden by June 15', before: ['launch my candle shop on Etsy by April 1', 'release a 6-track EP on Bandcamp by the end of July'], category: 'project', target: null, deadline: '2026-06-15', title: ['chicken coop'] },
  { text: 'finish my board game prototype with 120 cards by the end of October', category: 'project', target: t(120, 'cards'), deadline: '2026-10-31', title: ['board game'] },
  { text: 'Launch my dog-walking business website by 1 March', category: 'project', target: null, deadline: '2026-03-01', title: ['dog-walking'] },
  { text: 'publish 10 blog posts by the end of April, actually 15', category: 'project', target: t(15, 'posts'), deadline: '2026-04-30', title: ['15'] },
  { text: 'Renovate the spare room into a home office within two months', category: 'project', target: null, deadline: '2026-03-15', title: ['home office'] },
  ask("My podcast isn't getting any listeners. Any advice?", 'project'),
  { text: 'record 20 episodes of my cooking podcast by the end of the year', category: 'project', target: t(20, 'episodes'), deadline: '2026-12-31', title: ['cooking podcast'] },
  { text: 'no wait, make that June 30', before: ['ship my recipe app to the App Store by May 31'], category: 'project', target: null, deadline: '2026-06-30', title: ['recipe app'] },
  { text: 'paint a mural on the garage wall by 30 June', category: 'project', target: null, deadline: '2026-06-30', title: ['mural'] },

  // Education: the instrument, language and course kept, corrections, a course after a reading plan.
  { text: 'learn to play the piano well enough to play four pieces by the end of June', category: 'education', target: t(4, 'pieces'), deadline: '2026-06-30', title: ['piano'] },
  { text: 'Get to B1 in Japanese by December 31', category: 'education', target: t(3, 'CEFR level'), deadline: '2026-12-31', title: ['Japanese'] },
  { text: 'pass my ham radio licence exam by April 18', category: 'education', target: null, deadline: '2026-04-18', title: ['radio'] },
  { text: 'I would also like to read 15 books by the end of the year', category: 'education', target: t(15, 'books'), deadline: '2026-12-31', title: ['read'] },
  { text: 'read 10 books by June, no wait, by the end of August', category: 'education', target: t(10, 'books'), deadline: '2026-08-31', title: ['10 books'] },
  { text: 'actually, make it 600 words', before: ['learn 400 French words in 8 weeks'], category: 'education', target: t(600, 'words'), deadline: '2026-03-12', title: ['French'] },
  { text: 'finish the Khan Academy statistics course by April 30', before: ['read 12 books by the end of the year'], category: 'education', target: null, deadline: '2026-04-30', title: ['statistics'] },
  { text: 'Learn 30 songs on the banjo by December', category: 'education', target: t(30, 'songs'), deadline: '2026-12-01', title: ['banjo'] },
  ask("What's the best way to memorise vocabulary?", 'education'),
  { text: 'complete the Udemy React course in 6 weeks', category: 'education', target: null, deadline: '2026-02-26', title: ['React'] },
  { text: 'learn to sign 200 words in British Sign Language by August 1', category: 'education', target: t(200, 'words'), deadline: '2026-08-01', title: ['Sign Language'] },
  { text: 'finish 3 Coursera courses this year, actually by the end of March next year', category: 'education', target: t(3, 'courses'), deadline: '2027-03-31', title: ['Coursera'] },
  ask('how many books should I have read by the end of March?', 'education', ['read 12 books by the end of the year']),
  { text: 'learn Italian to A2 level before my trip to Rome on 1 June', category: 'education', target: t(2, 'CEFR level'), deadline: '2026-06-01', title: ['Italian'] },
];
