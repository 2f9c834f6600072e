import { describe, expect, it } from 'vitest';
import { crisisReply, detectsSelfHarm } from './self-harm.ts';

describe('detectsSelfHarm', () => {
  const concerning = [
    'I want to kill myself',
    "I've been thinking about suicide",
    'I feel suicidal',
    'sometimes I hurt myself',
    'I just want to end my life',
    "I don't want to be alive anymore",
    'Everyone would be better off if I was gone, I am better off dead',
    'I want to die',
    'there is no reason to live',
    'I keep thinking about self-harm',
    'I want to starve myself until I am thin',
    'I don’t   want to live',
  ];
  for (const text of concerning) it(`flags "${text}"`, () => expect(detectsSelfHarm(text)).toBe(true));

  const fine = [
    'I want to kill it at the gym',
    "I'm dying to run a marathon",
    'This workout will kill me, haha',
    'I want to lose 5 kg by June',
    'I want to stop procrastinating',
    'Deadline is killing me but I will finish the website',
  ];
  for (const text of fine) it(`does not flag "${text}"`, () => expect(detectsSelfHarm(text)).toBe(false));
});

describe('crisisReply', () => {
  it('is supportive, names the hero and points to crisis help', () => {
    const reply = crisisReply('aria');
    expect(reply).toMatch(/^Aria/);
    expect(reply).toMatch(/988/);
    expect(reply).toMatch(/findahelpline\.com/);
    expect(reply).toMatch(/emergency/);
  });
});
