import { createRequire } from 'node:module';
import type compromise from 'compromise';

type Nlp = typeof compromise;

let loaded: Nlp | undefined;

/**
 * compromise, the language library the engine reads a hero's words with, loaded at the first sentence
 * it reads rather than at boot: its lexicon costs 0.3–0.4 s of CPU and 8–10 MB of heap to load, which
 * every start paid (the embedded one and every test that boots the ai module) though most never read a
 * sentence; the first turn of the offline Pathfinder pays it once instead, holding its process for that
 * long (docs/features/pathfinder-reader.md#the-language-library). The package's own CommonJS build (one
 * file, the same version and plugins as its ES modules) is loaded synchronously, so the engine stays
 * synchronous.
 */
export function nlp(text: string): ReturnType<Nlp> {
  loaded ??= createRequire(import.meta.url)('compromise') as Nlp;
  return loaded(text);
}
