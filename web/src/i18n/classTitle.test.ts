import { CLASS_TITLES } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { classTitleText } from './classTitle.ts';
import { de } from './messages/de.ts';
import { en, type MessageKey } from './messages/en.ts';
import { es } from './messages/es.ts';

const speaking = (catalogue: Record<MessageKey, string>) => (key: MessageKey) => catalogue[key];

describe('classTitleText: the class title the server sends, in the app’s language', () => {
  it('reads every title of the rules the same in English, and in Spanish and German', () => {
    for (const title of Object.values(CLASS_TITLES)) {
      expect(classTitleText(title, speaking(en))).toBe(title);
    }
    expect(classTitleText('Pathfinder Initiate', speaking(es))).toBe('Iniciado del Explorador');
    expect(classTitleText('Gold Steward', speaking(de))).toBe('Goldverwalter');
    const german = Object.values(CLASS_TITLES).map((title) => classTitleText(title, speaking(de)));
    expect(new Set(german).size).toBe(Object.keys(CLASS_TITLES).length);
    expect(german).not.toContain('Pathfinder Initiate');
  });

  it('leaves a title the rules do not know as it came', () => {
    expect(classTitleText('Dragon Tamer', speaking(de))).toBe('Dragon Tamer');
  });
});
