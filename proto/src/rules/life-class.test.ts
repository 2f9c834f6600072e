import { describe, expect, it } from 'vitest';
import { activeClassTitle, CHALLENGE_CLASSES, CLASS_TITLES, LIFE_CLASSES } from './life-class.ts';

describe('life classes', () => {
  it('are the five focused classes plus general', () => {
    expect(LIFE_CLASSES).toEqual(['health', 'financial', 'education', 'social', 'spirituality', 'general']);
  });

  it('offer challenges in every class but general', () => {
    expect(CHALLENGE_CLASSES).toEqual(LIFE_CLASSES.filter((lifeClass) => lifeClass !== 'general'));
  });

  it('give every class its own title', () => {
    const titles = LIFE_CLASSES.map((lifeClass) => CLASS_TITLES[lifeClass]);
    expect(new Set(titles).size).toBe(LIFE_CLASSES.length);
  });

  it('title a freshly onboarded general hero a Pathfinder Initiate', () => {
    expect(activeClassTitle('general')).toBe('Pathfinder Initiate');
  });

  it('read the class name forgivingly', () => {
    expect(activeClassTitle(' Health ')).toBe(CLASS_TITLES.health);
  });

  it('treat an unknown or missing class as general', () => {
    expect(activeClassTitle('pirate')).toBe('Pathfinder Initiate');
    expect(activeClassTitle(null)).toBe('Pathfinder Initiate');
  });
});
