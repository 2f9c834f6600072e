import { describe, expect, it } from 'vitest';
import { acceptsQuest } from './start-quest.ts';

describe('acceptsQuest', () => {
  it.each([
    "I'm ready. Let's start this quest!",
    'Start this quest',
    'yes',
    'Yes, let’s begin the quest',
    'ok',
    "Let's do it!",
    'Sounds good',
  ])('accepts "%s"', (text) => {
    expect(acceptsQuest(text)).toBe(true);
  });

  it.each([
    "I'd like to refine this goal further.",
    'yes but change the deadline to May',
    'no',
    'not yet',
    'What does the second milestone mean?',
    'I want to start running',
  ])('does not accept "%s"', (text) => {
    expect(acceptsQuest(text)).toBe(false);
  });
});
