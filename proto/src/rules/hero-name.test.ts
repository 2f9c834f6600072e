import { describe, expect, it } from 'vitest';
import { checkHeroName } from './hero-name.ts';

describe('checkHeroName', () => {
  it('normalizes: NFC, trimmed, inner whitespace collapsed', () => {
    expect(checkHeroName('  Mi\u0301ra \t  Stone\u00a0 ')).toEqual({ ok: true, name: 'Míra Stone' });
    expect(checkHeroName('Mira ❤️')).toEqual({ ok: true, name: 'Mira ❤️' });
    expect(checkHeroName('李小龙')).toEqual({ ok: true, name: '李小龙' });
    expect(checkHeroName('R2')).toEqual({ ok: true, name: 'R2' });
    expect(checkHeroName('Иван Петров')).toEqual({ ok: true, name: 'Иван Петров' });
    expect(checkHeroName('Αθηνά 2')).toEqual({ ok: true, name: 'Αθηνά 2' });
    expect(checkHeroName('Mira 李')).toEqual({ ok: true, name: 'Mira 李' });
  });

  it.each([
    ['a control character', 'Mi\u0007ra', 'control characters'],
    ['a NUL character', 'Mira\u0000', 'control characters'],
    ['a right-to-left override', 'Mira\u202Egnp.exe', 'bidirectional overrides or isolates'],
    ['a left-to-right isolate', '\u2066Mira\u2069', 'bidirectional overrides or isolates'],
    ['a zero-width space inside', 'Mi\u200Bra', 'zero-width or other invisible'],
    ['a zero-width joiner', 'Mi\u200Dra', 'zero-width or other invisible'],
    ['only zero-width characters', '\u200B\u200C\u200D', 'zero-width or other invisible'],
    ['a right-to-left mark', 'Mira\u200F', 'zero-width or other invisible'],
    ['a soft hyphen', 'Mi\u00ADra', 'zero-width or other invisible'],
    ['a Hangul filler', '\u3164', 'zero-width or other invisible'],
    ['a tag character', 'Mira\u{E0041}', 'zero-width or other invisible'],
    ['no letter or digit', '!!! ...', 'visible letter or digit'],
    ['only spaces of other kinds', '\u2003\u3000', 'visible letter or digit'],
    ['the placeholder', 'A hero', 'how the Hall shows heroes it does not know'],
    [
      'the placeholder in other case and spacing',
      '  a   HERO ',
      'how the Hall shows heroes it does not know',
    ],
    ['the placeholder in fullwidth letters', '\uFF21 hero', 'how the Hall shows heroes it does not know'],
    [
      'the placeholder in mathematical letters',
      '\u{1D400} \u{1D421}ero',
      'how the Hall shows heroes it does not know',
    ],
    ['the placeholder with a Cyrillic A', '\u0410 hero', 'cannot mix Latin and Cyrillic letters'],
    ['a Latin name with a Cyrillic o inside', 'Ett\u043Er', 'cannot mix Latin and Cyrillic letters'],
    ['a Latin name with a Greek omicron', 'R\u03BFbin', 'cannot mix Latin and Greek letters'],
  ])('refuses %s, saying why', (_, raw, why) => {
    const check = checkHeroName(raw);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toContain(why);
  });

  it('names the rule that refused, for a client to say it in its own words', () => {
    expect(checkHeroName('Mi\u0007ra')).toMatchObject({ ok: false, rule: 'control' });
    expect(checkHeroName('R\u03BFbin')).toMatchObject({ ok: false, rule: 'scripts' });
    expect(checkHeroName('a hero')).toMatchObject({ ok: false, rule: 'reserved' });
  });
});
