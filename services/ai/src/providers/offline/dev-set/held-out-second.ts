import type { GoalStatement } from './goal-statements.ts';

// SECOND FROZEN HELD-OUT BATCH, written in one sitting on 1 Dec 2026 after the score, hours-in-all and
// 'by May' readers went in, and before it was first run. Like held-out.ts it is never used to tune: no
// reader, rule, word list or test is changed to pass one of these statements, and its misses are read
// only to report them. Its figure is reported apart from the first batch's, which measured the readers
// of an earlier day.
//
// The dev set's conventions hold (see goal-statements.ts), and one more: a score or share to reach is the
// figure itself, in the thing it measures ('720 credit score', '20 % body fat', '3.5 GPA').

const t = (value: number, unit: string) => ({ value, unit });

/** A message the coach answers rather than plans. */
function ask(text: string, category: GoalStatement['category']): GoalStatement {
  return { text, category, target: null, deadline: '', answer: true };
}

// biome-ignore format: one statement a line keeps the set readable as a table.
export const SECOND_HELD_OUT_STATEMENTS: readonly GoalStatement[] = [
  // Fitness
  { text: 'I want to be able to run 10 km by my 40th birthday on 12 September', category: 'fitness', target: t(10, 'km'), deadline: '2026-09-12', title: ['run'] },
  { text: 'Cycle 2,000 km in total this year', category: 'fitness', target: t(2000, 'km'), deadline: '2026-12-31' },
  { text: 'get to 20 push ups in a row before the end of March', category: 'fitness', target: t(20, 'push-ups'), deadline: '2026-03-31' },
  { text: "drop 6 kilos by my sister's wedding on the 20th of June", category: 'fitness', target: t(6, 'kg'), deadline: '2026-06-20' },
  { text: 'do yoga 4 times a week for the next three months', category: 'fitness', target: t(4, 'times/week'), deadline: '2026-04-15', title: ['yoga'] },
  { text: 'Finish a sprint triathlon by August 30', category: 'fitness', target: null, deadline: '2026-08-30', title: ['triathlon'] },
  { text: 'Swim 50 km by the end of the year', category: 'fitness', target: t(50, 'km'), deadline: '2026-12-31' },
  { text: 'Get my body fat under 20% by July', category: 'fitness', target: t(20, '% body fat'), deadline: '2026-07-01' },
  // Finance
  { text: 'save €150 a month for a year', category: 'finance', target: t(1800, '€'), deadline: '2027-01-15' },
  { text: 'Pay down $4,500 of credit card debt by October', category: 'finance', target: t(4500, '$'), deadline: '2026-10-01' },
  { text: 'I need to put away 2 grand for car repairs by May', category: 'finance', target: t(2000, '$'), deadline: '2026-05-01', title: ['car repairs'] },
  { text: 'get my credit score up to 720 before I apply for a mortgage in September', category: 'finance', target: t(720, 'credit score'), deadline: '2026-09-30', title: ['credit score'] },
  { text: 'Spend no more than £250 a month on groceries until June', category: 'finance', target: t(250, '£/month'), deadline: '2026-06-01', title: ['groceries'] },
  { text: 'earn $2,000 from my side business by September 1', category: 'finance', target: t(2000, '$'), deadline: '2026-09-01', title: ['side business'] },
  { text: 'invest 300 dollars every month for the next 10 months', category: 'finance', target: t(3000, '$'), deadline: '2026-11-15' },
  // Habit
  { text: 'Journal every night for 90 days', category: 'habit', target: t(90, 'days'), deadline: '2026-04-15', title: ['journal'] },
  { text: 'drink no more than 2 coffees a day for the next month', category: 'habit', target: t(2, 'coffees/day'), deadline: '2026-02-15' },
  { text: 'be in bed by 11pm every night through February', category: 'habit', target: t(44, 'days'), deadline: '2026-02-28', title: ['bed'] },
  { text: 'Quit vaping by March 1', category: 'habit', target: t(0, 'vapes/day'), deadline: '2026-03-01' },
  { text: 'meditate 15 minutes every morning for 8 weeks', category: 'habit', target: t(15, 'minutes/day'), deadline: '2026-03-12' },
  { text: 'limit social media to 30 minutes a day until the end of April', category: 'habit', target: t(30, 'minutes/day'), deadline: '2026-04-30', title: ['social media'] },
  // Project
  { text: 'launch my podcast with 10 episodes recorded by June 30', category: 'project', target: t(10, 'episodes'), deadline: '2026-06-30', title: ['podcast'] },
  { text: 'Renovate the bathroom by the end of April', category: 'project', target: null, deadline: '2026-04-30', title: ['bathroom'] },
  { text: 'build a mobile app and publish it on the App Store by October 1', category: 'project', target: null, deadline: '2026-10-01', title: ['app'] },
  { text: 'write 8 chapters of my fantasy novel by May 31', category: 'project', target: t(8, 'chapters'), deadline: '2026-05-31', title: ['novel'] },
  { text: 'Paint 12 watercolours for a local exhibition in November', category: 'project', target: t(12, 'watercolours'), deadline: '2026-11-30', title: ['exhibition'] },
  { text: 'plant a vegetable garden by 1 May', category: 'project', target: null, deadline: '2026-05-01', title: ['vegetable garden'] },
  // Education
  { text: 'Get my French to B2 by the end of next year', category: 'education', target: t(4, 'CEFR level'), deadline: '2027-12-31', title: ['French'] },
  { text: 'finish 3 Coursera courses on data science by July 31', category: 'education', target: t(3, 'courses'), deadline: '2026-07-31', title: ['data science'] },
  { text: 'learn 300 new German words in 2 months', category: 'education', target: t(300, 'words'), deadline: '2026-03-15', title: ['German'] },
  { text: 'Pass my driving theory test by March 20', category: 'education', target: null, deadline: '2026-03-20', title: ['theory test'] },
  { text: 'raise my GPA to 3.5 by June 15', category: 'education', target: t(3.5, 'GPA'), deadline: '2026-06-15' },
  { text: 'study 10 hours a week for my CPA exam until May 1', category: 'education', target: t(10, 'hours/week'), deadline: '2026-05-01', title: ['CPA'] },
  { text: 'Read 30 books in 2026', category: 'education', target: t(30, 'books'), deadline: '2026-12-31' },
  { text: 'learn to play 5 songs on the piano by May', category: 'education', target: t(5, 'songs'), deadline: '2026-05-01', title: ['piano'] },
  { text: 'Spend 50 hours learning Python by the end of June', category: 'education', target: t(50, 'hours'), deadline: '2026-06-30', title: ['Python'] },
  { text: 'Practice the violin for 120 hours by December 31', category: 'education', target: t(120, 'hours'), deadline: '2026-12-31', title: ['violin'] },
  // Advice, and a conversation that goes on
  ask('how do I stay motivated when I miss a day?', 'habit'),
  ask('what is a good first step for saving money?', 'finance'),
  { before: ['save $1,000 by June 1'], text: 'also I want to run a half marathon by October 4', category: 'fitness', target: t(21.1, 'km'), deadline: '2026-10-04', title: ['half marathon'] },
  { before: ['read 10 books by the end of the year'], text: 'actually make it 15', category: 'education', target: t(15, 'books'), deadline: '2026-12-31' },
];
