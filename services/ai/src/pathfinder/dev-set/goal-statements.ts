import type { GoalCategory } from '@lifequest/proto';

// The development set of The Pathfinder: goal statements as heroes type them, each with the facts a plan
// must get right. `npm test` runs the offline engine over it (dev-set.test.ts) and `npm run
// eval:pathfinder` scores any provider on it. Deadlines count from DEV_SET_NOW, so the set never ages.
//
// The conventions a plan is scored against (the advisor's prompt states them too):
// - The deadline is the plan's last milestone. 'by June 30' is June 30, 'by the end of March' March 31,
//   'in 3 months' the same day three months on, 'for 30 days' thirty days on, 'by July' July 1.
// - Money is counted in its symbol ($, £, €); dollars when no currency is named. Saving at a rate adds up:
//   '$50 a week for 20 weeks' is $1,000 saved. A spending cap stays per period ('$400 a month').
// - A per-day or per-week habit's target is the amount per period ('10,000 steps a day' is 10,000
//   'steps/day'), the period is the deadline. A reduction's target is the reduced amount ('down to 1 cup
//   a day' is 1 'cups/day'; quitting is 0). A daily streak without an amount counts its days.
// - Repetitions in a row are a count of the exercise; a running time is unit 'min:s' in seconds; a
//   marathon is 42.2 km; a target weight ('down to 75 kg') is the weight, a loss the amount lost.
// - A CEFR level is target_value 1-6 (A1 = 1 ... C2 = 6) in unit 'CEFR level'.
// - `target: null`: the hero gave no number (finish a named course, pass an exam, launch a site). The plan
//   must not invent one: it may leave the metric empty, track percent done (100 %) or count the one thing.

export const DEV_SET_NOW = new Date('2026-01-15T09:00:00Z');

export type GoalStatement = {
  text: string;
  category: GoalCategory;
  target: { value: number; unit: string } | null;
  /** yyyy-mm-dd */
  deadline: string;
};

const t = (value: number, unit: string) => ({ value, unit });

// biome-ignore format: one statement a line keeps the set readable as a table.
export const GOAL_STATEMENTS: readonly GoalStatement[] = [
  // Fitness: races, times, weight, repetitions, daily movement, sports.
  { text: 'I want to run a marathon by October 18, 2026', category: 'fitness', target: t(42.2, 'km'), deadline: '2026-10-18' },
  { text: 'run 5k in under 25 minutes by 30 April', category: 'fitness', target: t(1500, 'min:s'), deadline: '2026-04-30' },
  { text: "I'd like to lose 8 kg by the end of June", category: 'fitness', target: t(8, 'kg'), deadline: '2026-06-30' },
  { text: 'Lose ten pounds in 3 months', category: 'fitness', target: t(10, 'lb'), deadline: '2026-04-15' },
  { text: 'do 50 push-ups in a row by March 1st', category: 'fitness', target: t(50, 'push-ups'), deadline: '2026-03-01' },
  { text: 'I want to be able to do 10 pull ups in a row by the end of May', category: 'fitness', target: t(10, 'pull-ups'), deadline: '2026-05-31' },
  { text: 'walk 10,000 steps a day for 6 weeks', category: 'fitness', target: t(10000, 'steps/day'), deadline: '2026-02-26' },
  { text: 'Hit 8000 steps every day for the next 60 days', category: 'fitness', target: t(8000, 'steps/day'), deadline: '2026-03-16' },
  { text: 'swim 2 km without stopping by 1 July 2026', category: 'fitness', target: t(2, 'km'), deadline: '2026-07-01' },
  { text: 'Run a half marathon in under 2 hours by 15/09/2026', category: 'fitness', target: t(7200, 'min:s'), deadline: '2026-09-15' },
  { text: 'cycle 100 miles in a single ride by August 31', category: 'fitness', target: t(100, 'mi'), deadline: '2026-08-31' },
  { text: 'get down to 75 kg by the end of April', category: 'fitness', target: t(75, 'kg'), deadline: '2026-04-30' },
  { text: 'bench press 100 kg by December 1st', category: 'fitness', target: t(100, 'kg'), deadline: '2026-12-01' },
  { text: 'hold a plank for 3 minutes by March 31', category: 'fitness', target: t(3, 'minutes'), deadline: '2026-03-31' },
  { text: 'I wanna do 100 squats in one go by Feb 28', category: 'fitness', target: t(100, 'squats'), deadline: '2026-02-28' },
  { text: 'Run 3 times a week for the next 2 months', category: 'fitness', target: t(3, 'times/week'), deadline: '2026-03-15' },
  { text: 'go to the gym four times a week until the end of March', category: 'fitness', target: t(4, 'times/week'), deadline: '2026-03-31' },
  { text: 'Complete a triathlon by 20 September 2026', category: 'fitness', target: null, deadline: '2026-09-20' },
  { text: 'I want to lose 5 kilos before my wedding on 12 June 2026', category: 'fitness', target: t(5, 'kg'), deadline: '2026-06-12' },
  { text: 'run my first 10k by April 26, 2026', category: 'fitness', target: t(10, 'km'), deadline: '2026-04-26' },
  { text: 'drop 15 lbs by Christmas', category: 'fitness', target: t(15, 'lb'), deadline: '2026-12-25' },
  { text: 'Do yoga for 20 minutes every day for a month', category: 'fitness', target: t(20, 'minutes/day'), deadline: '2026-02-15' },
  { text: 'run a mile in under 8 minutes by 1 August', category: 'fitness', target: t(480, 'min:s'), deadline: '2026-08-01' },
  { text: 'I want to gain 4 kg of muscle by July 31', category: 'fitness', target: t(4, 'kg'), deadline: '2026-07-31' },
  { text: 'Swim 40 lengths in one session by the end of March', category: 'fitness', target: t(40, 'lengths'), deadline: '2026-03-31' },
  { text: 'be able to run 5 km without stopping in 8 weeks', category: 'fitness', target: t(5, 'km'), deadline: '2026-03-12' },
  { text: 'finish a sprint triathalon by june 30', category: 'fitness', target: null, deadline: '2026-06-30' },
  { text: 'Do 20 chin-ups in a row within four months', category: 'fitness', target: t(20, 'chin-ups'), deadline: '2026-05-15' },
  { text: 'Play tennis twice a week for 3 months', category: 'fitness', target: t(2, 'times/week'), deadline: '2026-04-15' },
  { text: 'excercise for 30 minutes every day for 8 weeks', category: 'fitness', target: t(30, 'minutes/day'), deadline: '2026-03-12' },
  { text: 'lose 6kg in twelve weeks', category: 'fitness', target: t(6, 'kg'), deadline: '2026-04-09' },
  { text: 'Row 5,000 metres in under 20 minutes by the 3rd of April', category: 'fitness', target: t(1200, 'min:s'), deadline: '2026-04-03' },

  // Finance: totals, debts, rates that add up, caps.
  { text: 'I want to save $5,000 by the end of the year', category: 'finance', target: t(5000, '$'), deadline: '2026-12-31' },
  { text: 'Save £3,000 for a house deposit by 31 August 2026', category: 'finance', target: t(3000, '£'), deadline: '2026-08-31' },
  { text: 'pay off my $4,500 credit card debt by June 30, 2026', category: 'finance', target: t(4500, '$'), deadline: '2026-06-30' },
  { text: 'put aside 200 dollars a month for a year', category: 'finance', target: t(2400, '$'), deadline: '2027-01-15' },
  { text: 'save ten thousand dollars in 2 years', category: 'finance', target: t(10000, '$'), deadline: '2028-01-15' },
  { text: 'build an emergency fund of €6,000 by December 31st', category: 'finance', target: t(6000, '€'), deadline: '2026-12-31' },
  { text: 'Invest $100 every week until the end of the year', category: 'finance', target: t(5000, '$'), deadline: '2026-12-31' },
  { text: 'pay back the £2,000 I owe my brother by 1 May', category: 'finance', target: t(2000, '£'), deadline: '2026-05-01' },
  { text: "I'd like to have 20k in savings by March 2027", category: 'finance', target: t(20000, '$'), deadline: '2027-03-01' },
  { text: 'Clear my student loan of $12,000 within 3 years', category: 'finance', target: t(12000, '$'), deadline: '2029-01-15' },
  { text: 'save 500 euros for a new bike in 4 months', category: 'finance', target: t(500, '€'), deadline: '2026-05-15' },
  { text: 'earn $2,000 from my side hustle by 30 September', category: 'finance', target: t(2000, '$'), deadline: '2026-09-30' },
  { text: 'Save $50 a week for 20 weeks', category: 'finance', target: t(1000, '$'), deadline: '2026-06-04' },
  { text: 'pay off my car loan ($8,500) by the end of 2026', category: 'finance', target: t(8500, '$'), deadline: '2026-12-31' },
  { text: 'save up 1,200 pounds for a holiday by July', category: 'finance', target: t(1200, '£'), deadline: '2026-07-01' },
  { text: 'I definately need to save two thousand dollars by April 15th', category: 'finance', target: t(2000, '$'), deadline: '2026-04-15' },
  { text: 'Spend no more than $400 a month on eating out for the next 3 months', category: 'finance', target: t(400, '$/month'), deadline: '2026-04-15' },
  { text: 'get out of debt: pay off $7,000 by next Christmas', category: 'finance', target: t(7000, '$'), deadline: '2026-12-25' },
  { text: 'Save for a wedding: $15,000 by 1st October 2026', category: 'finance', target: t(15000, '$'), deadline: '2026-10-01' },
  { text: 'invest 5k in index funds by the end of the year', category: 'finance', target: t(5000, '$'), deadline: '2026-12-31' },
  { text: 'i want to save 3000 bucks by september 1', category: 'finance', target: t(3000, '$'), deadline: '2026-09-01' },
  { text: 'Build up my savings to $10,000 by 12/31/2026', category: 'finance', target: t(10000, '$'), deadline: '2026-12-31' },
  { text: 'save £20 a day for 30 days', category: 'finance', target: t(600, '£'), deadline: '2026-02-14' },
  { text: 'pay down $1,500 of credit card debt in 6 months', category: 'finance', target: t(1500, '$'), deadline: '2026-07-15' },
  { text: 'Save enough for a $3,500 trip to Japan by 15 November', category: 'finance', target: t(3500, '$'), deadline: '2026-11-15' },
  { text: 'My goal is to put 15 percent of my income into my pension... no wait, save $6,000 for retirement by 31 December', category: 'finance', target: t(6000, '$'), deadline: '2026-12-31' },

  // Habits: practices per day or week, streaks, reductions.
  { text: 'meditate for 10 minutes every day for the next 30 days', category: 'habit', target: t(10, 'minutes/day'), deadline: '2026-02-14' },
  { text: 'I want to medidate 15 mins a day for 8 weeks', category: 'habit', target: t(15, 'minutes/day'), deadline: '2026-03-12' },
  { text: 'cut my coffee down to one cup a day within a month', category: 'habit', target: t(1, 'cups/day'), deadline: '2026-02-15' },
  { text: 'reduce screen time to 2 hours a day by the end of February', category: 'habit', target: t(2, 'hours/day'), deadline: '2026-02-28' },
  { text: 'Go from 20 cigarettes a day down to 5 by April 1', category: 'habit', target: t(5, 'cigarettes/day'), deadline: '2026-04-01' },
  { text: 'quit smoking by March 1st', category: 'habit', target: t(0, 'cigarettes/day'), deadline: '2026-03-01' },
  { text: 'sleep at least 8 hours a night for the next 6 weeks', category: 'habit', target: t(8, 'hours/night'), deadline: '2026-02-26' },
  { text: 'drink 2 litres of water every day for 3 weeks', category: 'habit', target: t(2, 'litres/day'), deadline: '2026-02-05' },
  { text: 'journal every night for 60 days', category: 'habit', target: t(60, 'days'), deadline: '2026-03-16' },
  { text: 'No sugar for 30 days', category: 'habit', target: t(30, 'days'), deadline: '2026-02-14' },
  { text: 'read 20 pages a day for two months', category: 'habit', target: t(20, 'pages/day'), deadline: '2026-03-15' },
  { text: 'practise guitar for 30 minutes daily for the next 90 days', category: 'habit', target: t(30, 'minutes/day'), deadline: '2026-04-15' },
  { text: 'limit myself to 3 drinks a week for the next 3 months', category: 'habit', target: t(3, 'drinks/week'), deadline: '2026-04-15' },
  { text: 'drink no more than two coffees a day for 4 weeks', category: 'habit', target: t(2, 'coffees/day'), deadline: '2026-02-12' },
  { text: 'cut back to under 1 hour of social media a day by 1 March', category: 'habit', target: t(1, 'hours/day'), deadline: '2026-03-01' },
  { text: 'write in my gratitude journal 5 times a week for 10 weeks', category: 'habit', target: t(5, 'times/week'), deadline: '2026-03-26' },
  { text: 'Stop drinking alcohol for 100 days', category: 'habit', target: t(100, 'days'), deadline: '2026-04-25' },
  { text: 'eat 5 portions of vegetables a day for a month', category: 'habit', target: t(5, 'portions/day'), deadline: '2026-02-15' },
  { text: 'Call my mum every week until June 30', category: 'habit', target: t(1, 'times/week'), deadline: '2026-06-30' },
  { text: 'Meditate twice a day for 21 days', category: 'habit', target: t(2, 'times/day'), deadline: '2026-02-05' },
  { text: 'cut down from 4 energy drinks a day to 1 within 6 weeks', category: 'habit', target: t(1, 'energy drinks/day'), deadline: '2026-02-26' },
  { text: 'do 10 minutes of breathing exercises every morning for 30 days', category: 'habit', target: t(10, 'minutes/day'), deadline: '2026-02-14' },
  { text: 'reduce my sugar intake to 25 grams a day by the end of April', category: 'habit', target: t(25, 'grams/day'), deadline: '2026-04-30' },
  { text: 'Tidy the flat for 15 minutes every evening for six weeks', category: 'habit', target: t(15, 'minutes/day'), deadline: '2026-02-26' },
  { text: 'keep a daily journal for 90 days', category: 'habit', target: t(90, 'days'), deadline: '2026-04-15' },
  { text: 'write 500 words a day on my novel for 3 months', category: 'habit', target: t(500, 'words/day'), deadline: '2026-04-15' },
  { text: 'study for 10 hours a week until my exams on 1 June', category: 'habit', target: t(10, 'hours/week'), deadline: '2026-06-01' },
  { text: 'Floss every day until the end of March', category: 'habit', target: t(75, 'days'), deadline: '2026-03-31' },
  { text: 'spend less than 30 minutes a day on my phone for the next 3 weeks', category: 'habit', target: t(30, 'minutes/day'), deadline: '2026-02-05' },

  // Projects: things shipped, built or written, with or without a number.
  { text: 'launch my bakery website by 1 April 2026', category: 'project', target: null, deadline: '2026-04-01' },
  { text: 'ship the first version of my budgeting app by May 31', category: 'project', target: null, deadline: '2026-05-31' },
  { text: 'write a 60,000-word draft of my novel by the end of September', category: 'project', target: t(60000, 'words'), deadline: '2026-09-30' },
  { text: 'Finish writing my 80k word fantasy novel by December 1st', category: 'project', target: t(80000, 'words'), deadline: '2026-12-01' },
  { text: 'start a podcast and publish 10 episodes by the end of June', category: 'project', target: t(10, 'episodes'), deadline: '2026-06-30' },
  { text: 'write 12 blog posts by 30 June 2026', category: 'project', target: t(12, 'blog posts'), deadline: '2026-06-30' },
  { text: 'build a garden shed by May 15', category: 'project', target: null, deadline: '2026-05-15' },
  { text: 'Renovate the bathroom within 3 months', category: 'project', target: null, deadline: '2026-04-15' },
  { text: 'release my iOS app on the App Store by 31/07/2026', category: 'project', target: null, deadline: '2026-07-31' },
  { text: 'record a 10-song album by the end of the year', category: 'project', target: t(10, 'songs'), deadline: '2026-12-31' },
  { text: 'publish 20 YouTube videos in 6 months', category: 'project', target: t(20, 'videos'), deadline: '2026-07-15' },
  { text: 'get my open source library to version 1.0 by April 30', category: 'project', target: null, deadline: '2026-04-30' },
  { text: 'write a 300-page thesis draft by 15 May 2026', category: 'project', target: t(300, 'pages'), deadline: '2026-05-15' },
  { text: 'Knit a sweater by Christmas', category: 'project', target: null, deadline: '2026-12-25' },
  { text: 'Open an Etsy shop with 25 listings by March 31st', category: 'project', target: t(25, 'listings'), deadline: '2026-03-31' },
  { text: 'build a portfolio website with 5 case studies in 8 weeks', category: 'project', target: t(5, 'case studies'), deadline: '2026-03-12' },
  { text: 'Write and self-publish a 40,000 word e-book by 1st November', category: 'project', target: t(40000, 'words'), deadline: '2026-11-01' },
  { text: 'finish the deck and patio by the end of August', category: 'project', target: null, deadline: '2026-08-31' },
  { text: 'Deploy my SaaS MVP to production in 10 weeks', category: 'project', target: null, deadline: '2026-03-26' },
  { text: 'paint 12 watercolour paintings for an exhibition by October 1', category: 'project', target: t(12, 'paintings'), deadline: '2026-10-01' },
  { text: 'write a screenplay of 110 pages by June 30', category: 'project', target: t(110, 'pages'), deadline: '2026-06-30' },
  { text: 'Declutter the whole house by the end of febuary', category: 'project', target: null, deadline: '2026-02-28' },
  { text: 'make 30 pieces of pottery to sell at the christmas market by 1 December', category: 'project', target: t(30, 'pieces'), deadline: '2026-12-01' },
  { text: 'Launch an online store and get 100 customers by september 30', category: 'project', target: t(100, 'customers'), deadline: '2026-09-30' },
  { text: 'finish my short film by 4/30/2026', category: 'project', target: null, deadline: '2026-04-30' },
  { text: 'Build a mobile game and release it on Steam within 6 months', category: 'project', target: null, deadline: '2026-07-15' },

  // Education: books, courses, exams, certificates, languages, things learned.
  { text: 'read 12 books by the end of the year', category: 'education', target: t(12, 'books'), deadline: '2026-12-31' },
  { text: 'Read twenty books in 2026', category: 'education', target: t(20, 'books'), deadline: '2026-12-31' },
  { text: 'finish the CS50 course by 30 April', category: 'education', target: null, deadline: '2026-04-30' },
  { text: 'pass my driving theory test by 1 March 2026', category: 'education', target: null, deadline: '2026-03-01' },
  { text: 'get my AWS Solutions Architect certification by June 30', category: 'education', target: null, deadline: '2026-06-30' },
  { text: 'Complete the Google Data Analytics Certificate on Coursera within 4 months', category: 'education', target: null, deadline: '2026-05-15' },
  { text: 'learn 500 Spanish words in 10 weeks', category: 'education', target: t(500, 'words'), deadline: '2026-03-26' },
  { text: 'reach B2 in French by the end of the year', category: 'education', target: t(4, 'CEFR level'), deadline: '2026-12-31' },
  { text: 'Learn to play 10 songs on the guitar by June 1st', category: 'education', target: t(10, 'songs'), deadline: '2026-06-01' },
  { text: 'finish 3 online courses on Udemy by the end of May', category: 'education', target: t(3, 'courses'), deadline: '2026-05-31' },
  { text: 'study for and pass the CFA Level 1 exam by 31 August', category: 'education', target: null, deadline: '2026-08-31' },
  { text: 'read 5 books about investing in 3 months', category: 'education', target: t(5, 'books'), deadline: '2026-04-15' },
  { text: 'Complete 100 Duolingo lessons in 8 weeks', category: 'education', target: t(100, 'lessons'), deadline: '2026-03-12' },
  { text: 'learn Python by completing the Python for Everybody course by April 15', category: 'education', target: null, deadline: '2026-04-15' },
  { text: 'Earn my PMP certificate by the end of October', category: 'education', target: null, deadline: '2026-10-31' },
  { text: 'read 30 research papers by 1 July', category: 'education', target: t(30, 'research papers'), deadline: '2026-07-01' },
  { text: 'learn 1000 kanji in six months', category: 'education', target: t(1000, 'kanji'), deadline: '2026-07-15' },
  { text: 'Pass the bar exam by July 31, 2026', category: 'education', target: null, deadline: '2026-07-31' },
  { text: 'finish reading War and Peace by March 31st', category: 'education', target: null, deadline: '2026-03-31' },
  { text: 'complete the freeCodeCamp Responsive Web Design certification by 28 February', category: 'education', target: null, deadline: '2026-02-28' },
  { text: 'listen to 10 audiobooks in 6 months', category: 'education', target: t(10, 'audiobooks'), deadline: '2026-07-15' },
  { text: 'Learn 200 new vocabulary words in Italian by 1st April', category: 'education', target: t(200, 'words'), deadline: '2026-04-01' },
  { text: 'take a first aid course and get certified by 1 May', category: 'education', target: null, deadline: '2026-05-01' },
  { text: 'reed 15 books before the end of the year', category: 'education', target: t(15, 'books'), deadline: '2026-12-31' },
  { text: "watch 20 lectures of MIT's linear algebra course by the end of March", category: 'education', target: t(20, 'lectures'), deadline: '2026-03-31' },
  { text: 'learn the 50 US state capitals by Feb 20', category: 'education', target: t(50, 'state capitals'), deadline: '2026-02-20' },
  { text: 'I want to get my Spanish to A2 level within 6 months', category: 'education', target: t(2, 'CEFR level'), deadline: '2026-07-15' },
  { text: 'Finish the Introduction to Psychology module and sit the exam on 12 May', category: 'education', target: null, deadline: '2026-05-12' },
];
