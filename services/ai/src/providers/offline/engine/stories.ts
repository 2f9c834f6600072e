import type { NarrativeType } from '@lifequest/proto';
import { formatLongDate } from './readers/calendar.ts';
import type { StoryInput, StoryReply } from './schemas.ts';
import { hashString, seededRandom } from './seed.ts';

// Achievement stories ("Your Heroic Chronicles"): a few short paragraphs of epic prose built from the
// hero's own quests, milestones and foundation mastery. The wording is chosen by a generator seeded
// with the input, so the same chronicle is told the same way every time.
//
// narrative_type: a focused story is a 'single_achievement'; an epic story spanning two or more
// foundations is 'multi_foundation', one with achievements in a single foundation (or none named) is
// 'foundation_progress', and one with no completed achievements yet celebrates the road so far as a
// 'milestone_celebration'.

const COUNT_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

const REALMS: Record<string, string> = {
  Finance: 'the vaults of Finance',
  Health: 'the proving grounds of Health',
  Intelligence: 'the libraries of Intelligence',
  Spirit: 'the quiet temples of Spirit',
};

type Achievement = StoryInput['achievements'][number];

function countWord(n: number): string {
  return COUNT_WORDS[n] ?? String(n);
}

function realmOf(foundation: string | null | undefined): string | null {
  if (!foundation) return null;
  return REALMS[foundation] ?? `the realm of ${foundation}`;
}

function dateOf(completedAt: string | null | undefined): string | null {
  if (!completedAt) return null;
  const date = new Date(completedAt);
  return Number.isNaN(date.getTime()) ? null : formatLongDate(date);
}

function quoteList(items: string[]): string {
  const quoted = items.map((i) => `"${i}"`);
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
}

export function narrativeTypeOf(input: StoryInput): NarrativeType {
  if (input.kind === 'focused') return 'single_achievement';
  if (input.achievements.length === 0) return 'milestone_celebration';
  const foundations = new Set(input.achievements.map((a) => a.foundation).filter(Boolean));
  return foundations.size >= 2 ? 'multi_foundation' : 'foundation_progress';
}

export function writeStory(input: StoryInput): StoryReply {
  const random = seededRandom(hashString(JSON.stringify(input)));
  const choose = <T>(options: readonly T[]): T => options[Math.floor(random() * options.length)]!;
  const hero = input.heroName.trim() || 'the hero';
  const narrative_type = narrativeTypeOf(input);
  const paragraphs =
    input.kind === 'focused' && input.achievements[0]
      ? focusedStory(hero, input.achievements[0], choose)
      : epicStory(hero, input.achievements, choose);
  const mastery = masteryParagraph(hero, input.foundationProgress, choose);
  if (mastery) paragraphs.splice(paragraphs.length - 1, 0, mastery);
  return { story: paragraphs.slice(0, 4).join('\n\n'), narrative_type };
}

type Choose = <T>(options: readonly T[]) => T;

function focusedStory(hero: string, a: Achievement, choose: Choose): string[] {
  const when = dateOf(a.completedAt);
  const realm = realmOf(a.foundation);
  const opening = choose([
    `Hear now the tale of ${hero} and the quest called "${a.title}".`,
    `Among the deeds of ${hero}, one shines brightest today: "${a.title}".`,
    `The bards will sing of the day ${hero} conquered "${a.title}".`,
  ]);
  const setting = realm
    ? ` It was fought in ${realm}${when ? ` and won on ${when}` : ''}.`
    : when
      ? ` It was won on ${when}.`
      : '';
  const path =
    a.milestones.length === 0
      ? `There were no signposts on this road, only ${hero}'s resolve, and it was enough.`
      : a.milestones.length === 1
        ? `One milestone marked the way: "${a.milestones[0]}". ${hero} reached it and did not stop.`
        : `The road was marked by ${countWord(a.milestones.length)} milestones. It began with "${a.milestones[0]}"${
            a.milestones.length > 2
              ? `, wound through ${quoteList(a.milestones.slice(1, -1).slice(0, 3))}`
              : ''
          }, and ended at last with "${a.milestones[a.milestones.length - 1]}".`;
  const closing = choose([
    `The quest is done, but the hero is not. ${hero} turns toward the horizon, where the next road is already calling.`,
    `Let this chronicle remind ${hero} on harder days: a promise kept to oneself is the strongest magic there is.`,
    `And so "${a.title}" passes from hope into history, carried forward by ${hero}, who has proven the path can be walked.`,
  ]);
  return [`${opening}${setting}`, path, closing];
}

function epicStory(hero: string, achievements: Achievement[], choose: Choose): string[] {
  if (achievements.length === 0) {
    return [
      choose([
        `Every legend begins before the first trophy. ${hero} has set out, and the road already bears ${hero}'s footprints.`,
        `No great quest is yet complete for ${hero}, but the milestones already passed are the first verses of a saga.`,
      ]),
      `Step by step, ${hero} keeps faith with the path. The first victory is closer than it looks.`,
    ];
  }
  const opening = choose([
    `In the chronicles of ${hero}, ${countWord(achievements.length)} ${achievements.length === 1 ? 'deed now shines' : 'deeds now shine'} like stars above the road.`,
    `Gather close and hear the saga of ${hero}, who turned ${achievements.length === 1 ? 'a wish into a victory' : `${countWord(achievements.length)} wishes into victories`}.`,
    `Long will the halls echo with the name of ${hero}, keeper of ${countWord(achievements.length)} completed ${achievements.length === 1 ? 'quest' : 'quests'}.`,
  ]);
  const featured = achievements.slice(0, 4);
  const deeds = featured
    .map((a, i) => {
      const realm = realmOf(a.foundation);
      const when = dateOf(a.completedAt);
      const lead = i === 0 ? 'First came' : i === featured.length - 1 ? 'And then' : 'Next came';
      const where = realm ? ` in ${realm}` : '';
      const stones =
        a.milestones.length > 0 ? `, its way marked by ${quoteList(a.milestones.slice(0, 2))}` : '';
      return `${lead} "${a.title}"${where}${stones}${when ? `, won on ${when}` : ''}.`;
    })
    .join(' ');
  const more =
    achievements.length > featured.length
      ? ` ${countWord(achievements.length - featured.length)} more victories fill the margins of this chronicle.`
      : '';
  const closing = choose([
    `The saga is far from over. ${hero} rests a moment, then rises: new quests await beyond the next hill.`,
    `Each victory became a foundation stone, and upon them ${hero} is building a life worth telling.`,
    `So the road goes ever on, and ${hero} walks it stronger than before.`,
  ]);
  return [opening, `${deeds}${more}`, closing];
}

function masteryParagraph(hero: string, progress: Record<string, number>, choose: Choose): string | null {
  const entries = Object.entries(progress)
    .filter(([, value]) => Number.isFinite(value))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (entries.length === 0) return null;
  const [strongest, strongestValue] = entries[0]!;
  const listed = entries.map(([name, value]) => `${name} at ${Math.round(value)}%`).join(', ');
  const weakest = entries[entries.length - 1]!;
  const weakNote =
    entries.length > 1 && weakest[1] < strongestValue
      ? ` ${weakest[0]} still awaits its champion, and its day will come.`
      : '';
  return `${choose(['The foundations bear witness', 'The pillars of the skill tree stand as proof', 'The skill tree remembers'])}: ${listed} mastery. ${strongest} burns brightest in ${hero}'s hands.${weakNote}`;
}
