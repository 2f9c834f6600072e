import { describe, expect, it } from 'vitest';
import { challengeClassOf } from './class-of-quest.ts';

describe('which challenges a quest counts for', () => {
  it('its foundation first, when the hero set one', () => {
    expect(challengeClassOf({ foundation: 'Finance', className: 'health', title: 'Run' })).toBe('financial');
    expect(challengeClassOf({ foundation: 'Health', title: 'x' })).toBe('health');
    expect(challengeClassOf({ foundation: 'Intelligence', title: 'x' })).toBe('education');
    expect(challengeClassOf({ foundation: 'Spirit', title: 'x' })).toBe('spirituality');
  });

  it('then its class, when it is one of the five challenge classes', () => {
    expect(challengeClassOf({ foundation: null, className: 'social', title: 'Save money' })).toBe('social');
    expect(challengeClassOf({ foundation: '', className: 'Health', title: 'Read' })).toBe('health');
  });

  it('else the keyword guess from class and title, Intelligence (education) by default', () => {
    expect(challengeClassOf({ className: 'general', title: 'Pay off my debt' })).toBe('financial');
    expect(challengeClassOf({ className: 'general', title: 'Meditate daily' })).toBe('spirituality');
    expect(challengeClassOf({ className: 'general', title: 'Run a 5K' })).toBe('health');
    expect(challengeClassOf({ title: 'Paint the fence' })).toBe('education');
  });
});
