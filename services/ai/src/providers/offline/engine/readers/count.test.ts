import { describe, expect, it } from 'vitest';
import { readCount } from './count.ts';

const count = (text: string) => {
  const found = readCount(text.toLowerCase());
  return found ? [found.target.value, found.target.unit] : null;
};

describe('readCount', () => {
  it('reads counts of things read, written, made and learned', () => {
    expect(count('read 12 books by december')).toEqual([12, 'books']);
    expect(count('read twelve books')).toEqual([12, 'books']);
    expect(count('write 12 blog posts')).toEqual([12, 'blog posts']);
    expect(count('learn 500 Spanish words')).toEqual([500, 'spanish words']);
    expect(count('publish 3 case studies')).toEqual([3, 'case studies']);
    expect(count('Learn 200 new vocabulary words in Italian')).toEqual([200, 'vocabulary words']);
    expect(count('learn the 50 US state capitals')).toEqual([50, 'state capitals']);
    expect(count('learn 1000 kanji in six months')).toEqual([1000, 'kanji']);
    expect(count('learn 500 Japanese kanji in 6 months')).toEqual([500, 'kanji']);
    expect(count('publish my first blog post by friday')).toEqual([1, 'posts']);
    expect(count('record a song by march')).toEqual([1, 'songs']);
    expect(count('walk a mile')).toBeNull();
    expect(count('make 30 pieces of pottery')).toEqual([30, 'pieces']);
  });

  it('reads a count written as an adjective', () => {
    expect(count('write a 60,000-word draft of my novel')).toEqual([60000, 'words']);
    expect(count('finish writing my 80k word fantasy novel')).toEqual([80000, 'words']);
    expect(count('record a 10-song album')).toEqual([10, 'songs']);
    expect(count('write a 300-page thesis draft')).toEqual([300, 'pages']);
    expect(count('a 40,000 word e-book')).toEqual([40000, 'words']);
  });

  it('does not count numbers that name something', () => {
    expect(count('pass the CFA Level 1 exam')).toBeNull();
    expect(count('get my library to version 1.0')).toBeNull();
    expect(count('finish the CS50 course')).toBeNull();
  });

  it('does not count lengths of time, money or distances', () => {
    expect(count('meditate 10 minutes')).toBeNull();
    expect(count('in 3 months')).toBeNull();
    expect(count('run 5 km')).toBeNull();
  });
});
