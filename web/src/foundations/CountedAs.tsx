import { DISCIPLINE_KEYWORDS, disciplineFromKeywords, type Foundation } from '@lifequest/proto';
import { foundationTheme } from './foundationTheme.ts';

/** The keyword of the title or class name that placed the goal, or null when the default did. */
export function placingKeyword(foundation: Foundation, className: string, title: string): string | null {
  const text = `${className} ${title}`.toLowerCase();
  return DISCIPLINE_KEYWORDS[foundation].find((keyword) => text.includes(keyword)) ?? null;
}

/**
 * An unassigned quest still counts somewhere: My Profile and the Skill Tree place it by the keywords of
 * its title (docs/product.md#foundations). Say where, and why, so the two screens tell one story; the
 * hero confirms it (assigns that foundation) or changes it with 'Assign to...'.
 */
export function CountedAs({
  goalId,
  title,
  className,
  disabled,
  onConfirm,
}: {
  goalId: string;
  title: string;
  className: string;
  disabled: boolean;
  onConfirm: (foundation: Foundation) => void;
}) {
  const guess = disciplineFromKeywords(className, title);
  const keyword = placingKeyword(guess, className, title);
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid={`counted-as-${goalId}`}>
      <span className="text-parchment">
        Counted as <span className={`font-semibold ${foundationTheme[guess].text}`}>{guess}</span>: confirm or
        change.
      </span>
      <span className="text-muted text-xs">
        {keyword
          ? `Its title says “${keyword}”, so My Profile and the Skill Tree count it there.`
          : 'No keyword in its title, so My Profile and the Skill Tree count it there by default.'}
      </span>
      <button
        type="button"
        disabled={disabled}
        onClick={() => onConfirm(guess)}
        aria-describedby={`unassigned-${goalId}`}
        className="inline-flex min-h-9 items-center rounded-md border border-edge px-3 font-semibold text-parchment text-sm hover:border-gold/60 disabled:opacity-50"
      >
        Confirm {guess}
      </button>
    </p>
  );
}
