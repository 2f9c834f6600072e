import { AppError } from '../errors.ts';

/**
 * How deeply a request body may nest. LifeQuest's deepest request (a plan) nests four levels; the cap
 * keeps a hostile `[[[[…]]]]` from reaching code that recurses (JSON.stringify, Prisma, zod) and
 * overflowing the stack.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Refuses JSON text that nests deeper than `maxDepth`, before it is parsed. One pass over the text,
 * skipping strings, so the check costs no more than the parse it protects.
 */
export function assertJsonDepth(text: string, maxDepth = MAX_JSON_DEPTH): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > maxDepth) {
        throw new AppError('VALIDATION_FAILED', `The request body nests deeper than ${maxDepth} levels.`);
      }
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
}

/**
 * Refuses text PostgreSQL cannot store: NUL anywhere, and lone UTF-16 surrogates (`"\ud800"` parses to a
 * string no UTF-8 column or jsonb value accepts). Walks keys and values at any depth with an explicit
 * stack, so no nesting hides a NUL and none overflows the stack.
 */
export function assertStorableText(value: unknown): void {
  walk(value, false);
}

/**
 * What a JSON body must be, besides storable text: free of the keys through which a merge could reach an
 * object's prototype, `__proto__` and `constructor.prototype` (what Fastify's own parser refuses), at any
 * depth. Valid JSON, so refused as what it is (FORBIDDEN_KEY), not as "not valid JSON".
 */
export function assertSafeBody(value: unknown): void {
  walk(value, true);
}

function walk(value: unknown, forbidPrototypeKeys: boolean): void {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      assertStorableString(item);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        assertStorableString(key);
        if (forbidPrototypeKeys && isPrototypeKey(key, child)) {
          throw new AppError(
            'FORBIDDEN_KEY',
            'The body may not contain the key __proto__ (nor constructor.prototype).',
          );
        }
        pending.push(child);
      }
    }
  }
}

function isPrototypeKey(key: string, value: unknown): boolean {
  if (key === '__proto__') return true;
  return (
    key === 'constructor' && value !== null && typeof value === 'object' && Object.hasOwn(value, 'prototype')
  );
}

function assertStorableString(text: string): void {
  if (text.includes('\u0000')) {
    throw new AppError('VALIDATION_FAILED', 'Text must not contain NUL (\\u0000) characters.');
  }
  if (!text.isWellFormed()) {
    throw new AppError('VALIDATION_FAILED', 'Text must be valid Unicode (it holds a lone UTF-16 surrogate).');
  }
}
