import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments, parseDocument } from 'yaml';

/** The repository root: the deployment artifacts live there, beside the workspaces. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export function readText(path: string): string {
  return readFileSync(new URL(path, `file://${ROOT}`), 'utf8');
}

/** One YAML document, with `<<` merge keys resolved as Compose resolves them. */
export function parseYaml(text: string, source: string): unknown {
  const doc = parseDocument(text, { merge: true });
  if (doc.errors.length > 0) throw new Error(`${source}: ${doc.errors.map((e) => e.message).join('; ')}`);
  return doc.toJS();
}

/** Every non-empty document of a multi-document YAML file (`---` separated). */
export function parseYamlDocuments(text: string, source: string): unknown[] {
  return parseAllDocuments(text).flatMap((doc) => {
    if (doc.errors.length > 0) throw new Error(`${source}: ${doc.errors.map((e) => e.message).join('; ')}`);
    const value = doc.toJS();
    return value === null || value === undefined ? [] : [value];
  });
}

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
