import { describe, expect, it } from 'vitest';
import { partialStringField } from './stream-field.ts';

describe('partialStringField', () => {
  const whole = JSON.stringify({ reply: 'Line one\n"quoted" \\ back — ünïcode \u2713', actions: [] });

  it('reads the field of a complete object exactly as JSON.parse would', () => {
    expect(partialStringField(whole, 'reply')).toBe(JSON.parse(whole).reply);
  });

  it('grows with every prefix of the object and never shows a half escape', () => {
    let previous = '';
    for (let end = 0; end <= whole.length; end++) {
      const text = partialStringField(whole.slice(0, end), 'reply') ?? '';
      expect(text.startsWith(previous)).toBe(true);
      expect(JSON.parse(whole).reply.startsWith(text)).toBe(true);
      previous = text;
    }
  });

  it('is null before the field starts and ignores other fields', () => {
    expect(partialStringField('{"phase": "ready", "resp', 'response')).toBeNull();
    expect(partialStringField('{"phase": "ready", "response": "Hi', 'response')).toBe('Hi');
  });
});
