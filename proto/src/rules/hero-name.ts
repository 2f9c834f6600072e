// What a hero may be called. A name is what other heroes trust when they see an entry in the feed or a
// friend request, so it must not hide characters or pose as someone else (docs/features/hall-privacy.md).

/** How the Hall shows a hero it has not heard of yet: no hero may take it as a name. */
export const UNKNOWN_HERO_NAME = 'A hero';

/** A hero may rename themself once per this many milliseconds (a day). */
export const RENAME_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Which rule refused a name: a client shows its own words for it (the web app, in the hero's language). */
export type HeroNameRule = 'control' | 'bidi' | 'invisible' | 'visible' | 'scripts' | 'reserved';

export type HeroNameCheck = { ok: true; name: string } | { ok: false; rule: HeroNameRule; reason: string };

const CONTROL = /\p{Cc}/u;
/** Embeddings, overrides (U+202A-U+202E) and isolates (U+2066-U+2069): they reorder what is shown. */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/u;
/** An emoji's presentation selector: the one invisible character a name may keep, after an emoji. */
const EMOJI_PRESENTATION = /(\p{Extended_Pictographic})\uFE0F/gu;
/**
 * Characters that show nothing: format characters (zero-width spaces and joiners, marks, soft hyphen),
 * everything Unicode says to ignore in display (Hangul fillers, variation selectors, tags), private-use,
 * surrogate and unassigned code points.
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Co}\p{Cs}\p{Cn}]/u;
const VISIBLE = /[\p{L}\p{N}]/u;
/**
 * The three scripts whose letters look alike (Latin `a`, Cyrillic `а`, Greek `α`; `o`, `о`, `ο`; ...).
 * A name written in one of them may not borrow letters from another: that is how a look-alike of a
 * friend's name, or of the placeholder, is made (Unicode's "highly restrictive" rule, UTS #39, for the
 * scripts that are confused). Names in other scripts, or one of these beside Chinese, are not affected.
 */
const LOOKALIKE_SCRIPTS = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
] as const;

/**
 * The name as stored (NFC, trimmed, inner whitespace collapsed to one space), or why it is refused.
 * The reasons are whole sentences: the 400 INVALID_NAME shows them to the hero.
 */
export function checkHeroName(raw: string): HeroNameCheck {
  const name = raw.normalize('NFC').replace(/\s+/gu, ' ').trim();
  if (CONTROL.test(name)) return refused('control', 'A name cannot contain control characters.');
  if (BIDI.test(name)) {
    return refused(
      'bidi',
      'A name cannot contain bidirectional overrides or isolates (they reorder the text).',
    );
  }
  if (INVISIBLE.test(name.replace(EMOJI_PRESENTATION, '$1'))) {
    return refused('invisible', 'A name cannot contain zero-width or other invisible characters.');
  }
  if (!VISIBLE.test(name)) return refused('visible', 'A name needs at least one visible letter or digit.');
  const scripts = LOOKALIKE_SCRIPTS.filter(([, letters]) => letters.test(name)).map(([script]) => script);
  if (scripts.length > 1) {
    return refused(
      'scripts',
      `A name cannot mix ${scripts.join(' and ')} letters (they look alike): write it in one of them.`,
    );
  }
  // Compared as it reads (NFKC: fullwidth or mathematical letters are the letters they look like).
  if (name.normalize('NFKC').replace(/\s+/gu, ' ').toLowerCase() === UNKNOWN_HERO_NAME.toLowerCase()) {
    return refused(
      'reserved',
      `“${UNKNOWN_HERO_NAME}” is how the Hall shows heroes it does not know yet: choose another name.`,
    );
  }
  return { ok: true, name };
}

function refused(rule: HeroNameRule, reason: string): HeroNameCheck {
  return { ok: false, rule, reason };
}
