import { BookOpen, GitBranch, LayoutDashboard, PartyPopper, Users, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';
import { useSkillTree } from '../skill-tree/skillTreeQuery.ts';
import type { Celebration } from './rewardsStore.ts';
import { useReducedMotion } from './useReducedMotion.ts';

const SPARK_COLOURS = ['bg-gold', 'bg-finance', 'bg-health', 'bg-intelligence', 'bg-spirit'];
const SPARKS = 18;

function Sparks() {
  return (
    <div
      aria-hidden
      className="pointer-events-none fixed inset-0 z-[44] overflow-hidden"
      data-testid="sparks"
    >
      {Array.from({ length: SPARKS }, (_, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed decoration
          key={index}
          className={`absolute top-0 size-2 rounded-sm ${SPARK_COLOURS[index % SPARK_COLOURS.length]}`}
          style={{
            left: `${(index * 53) % 100}%`,
            animation: `spark-fall ${1_600 + ((index * 137) % 900)}ms ease-in ${(index * 71) % 400}ms forwards`,
            opacity: 0,
          }}
        />
      ))}
    </div>
  );
}

const linkClass =
  'inline-flex min-h-11 items-center justify-center gap-1.5 rounded-md px-2.5 font-semibold text-sm transition-colors';

function Action({
  to,
  icon,
  children,
  primary,
  wide,
}: {
  to: string;
  icon: ReactNode;
  children: ReactNode;
  primary?: boolean;
  /** On a phone it takes a row of its own. */
  wide?: boolean;
}) {
  return (
    <Link
      to={to}
      className={`${linkClass} phone:w-full ${wide ? 'phone:col-span-2' : ''} ${primary ? 'bg-gold text-night hover:bg-gold-strong' : 'border border-gold/50 text-gold hover:bg-gold/10'}`}
    >
      {icon}
      {children}
    </Link>
  );
}

/** The skills the new level found open that were not before (or every open one, if before is unknown). */
function Unlocked({ before }: { before: readonly string[] | undefined }) {
  const t = useT();
  const tree = useSkillTree(true);
  if (!tree.data) return null;
  const open = tree.data.nodes.filter((node) => node.status !== 'locked');
  const known = before ? new Set(before) : null;
  const fresh = known ? open.filter((node) => !known.has(node.id)) : open;
  const mastered = open.filter((node) => node.status === 'mastered').length;
  return (
    <p className="text-muted text-sm" data-testid="celebration-unlocked">
      {fresh.length > 0 && known
        ? t('rewards.unlocked', { skills: fresh.map((node) => node.title).join(', ') })
        : t('rewards.skills', { open: open.length, total: tree.data.counters.total, mastered })}
    </p>
  );
}

/**
 * The celebration of a completed quest, a new level or a confirmed plan
 * (docs/features/first-week.md#rewards). It never takes the focus nor blocks the screen: a card in the
 * lower left corner, clear of the chat bubble, with the next steps as links.
 */
export default function CelebrationCard({
  celebration,
  onClose,
}: {
  celebration: Celebration;
  onClose: () => void;
}) {
  const t = useT();
  const reduced = useReducedMotion();
  const { questTitle, level, planTitle } = celebration;
  const heading =
    questTitle !== undefined
      ? t('rewards.questComplete')
      : level !== undefined
        ? t('rewards.level', { level })
        : t('rewards.newQuest');
  return (
    <>
      {reduced ? null : <Sparks />}
      <section
        aria-labelledby="celebration-title"
        aria-live="polite"
        data-testid="celebration"
        className="fixed bottom-4 left-4 z-[45] grid w-[min(26rem,calc(100vw-6rem))] gap-3 rounded-xl border-2 border-gold/70 bg-surface-2 p-4 shadow-[0_0_40px_-8px] shadow-gold/60 phone:inset-x-2 phone:bottom-[calc(4.5rem+env(safe-area-inset-bottom))] phone:w-auto"
        style={reduced ? undefined : { animation: 'celebrate-pop 320ms ease-out both' }}
      >
        <div className="flex items-start gap-2">
          <PartyPopper className="mt-0.5 size-6 shrink-0 text-gold" aria-hidden />
          <div className="min-w-0 flex-1">
            <h2 id="celebration-title" className="text-gold text-xl">
              {heading}
            </h2>
            {questTitle !== undefined ? (
              <p className="break-words text-parchment">{t('rewards.questDone', { title: questTitle })}</p>
            ) : null}
            {planTitle !== undefined ? (
              <p className="break-words text-parchment">{t('rewards.planAdded', { title: planTitle })}</p>
            ) : null}
            {level !== undefined && questTitle !== undefined ? (
              <p className="font-semibold text-gold">{t('rewards.reachedLevel', { level })}</p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('rewards.close')}
            className="-mt-1 -mr-1 grid size-11 shrink-0 place-items-center rounded-md text-muted hover:bg-white/10 hover:text-parchment"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
        {level !== undefined ? <Unlocked before={celebration.openSkillsBefore} /> : null}
        {/* On a phone two links share a row, so the card stays low; their icons give way to the words. */}
        <div className="flex flex-wrap gap-2 phone:grid phone:grid-cols-2 [&_svg]:phone:hidden">
          {questTitle !== undefined ? (
            <>
              <Action to="/stories" primary icon={<BookOpen className="size-4" aria-hidden />}>
                {t('rewards.writeStory')}
              </Action>
              <Action to="/social" icon={<Users className="size-4" aria-hidden />}>
                {t('rewards.share')}
              </Action>
            </>
          ) : null}
          {level !== undefined ? (
            <Action
              to="/skill-tree"
              wide
              primary={questTitle === undefined}
              icon={<GitBranch className="size-4" aria-hidden />}
            >
              {t('rewards.newSkills')}
            </Action>
          ) : null}
          {planTitle !== undefined && questTitle === undefined && level === undefined ? (
            <Action to="/" wide primary icon={<LayoutDashboard className="size-4" aria-hidden />}>
              {t('rewards.seeQuests')}
            </Action>
          ) : null}
        </div>
      </section>
    </>
  );
}
