import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { heroLocale } from './locale.ts';

const request = (header?: string) =>
  ({ headers: header ? { 'accept-language': header } : {} }) as FastifyRequest;

describe('the language The Pathfinder is asked to answer in', () => {
  it('is the first language of Accept-Language the app speaks, English otherwise', () => {
    expect(heroLocale(request('es'))).toBe('es');
    expect(heroLocale(request('de-AT,de;q=0.9,en;q=0.8'))).toBe('de');
    expect(heroLocale(request('fr-FR,fr;q=0.9,es;q=0.5'))).toBe('es');
    expect(heroLocale(request('fr-FR'))).toBe('en');
    expect(heroLocale(request())).toBe('en');
  });
});
