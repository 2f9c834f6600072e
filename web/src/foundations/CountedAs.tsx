import { DISCIPLINE_KEYWORDS, disciplineFromKeywords, type Foundation } from '@lifequest/proto';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useT } from '../i18n/useT.ts';
import { foundationName } from './foundationText.ts';
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
  const t = useT();
  const intl = useIntl();
  const guess = disciplineFromKeywords(className, title);
  const keyword = placingKeyword(guess, className, title);
  const name = foundationName(t, guess);
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid={`counted-as-${goalId}`}>
      <span className="text-parchment">
        {intl.formatMessage(
          { id: 'foundations.countedAs' },
          {
            foundation: name,
            b: (chunks: ReactNode[]) => (
              <span key="foundation" className={`font-semibold ${foundationTheme[guess].text}`}>
                {chunks}
              </span>
            ),
          },
        )}
      </span>
      <span className="text-muted text-xs">
        {keyword ? t('foundations.keyword', { keyword }) : t('foundations.noKeyword')}
      </span>
      <button
        type="button"
        disabled={disabled}
        onClick={() => onConfirm(guess)}
        aria-describedby={`unassigned-${goalId}`}
        className="inline-flex min-h-9 items-center rounded-md border border-edge px-3 font-semibold text-parchment text-sm hover:border-gold/60 disabled:opacity-50"
      >
        {t('foundations.confirm', { foundation: name })}
      </button>
    </p>
  );
}
