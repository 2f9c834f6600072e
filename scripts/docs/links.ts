import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** The README is the front door: what LifeQuest is and where to read on, not the whole manual. */
export const README_MAX_BYTES = 12 * 1024;

/** README.md and every Markdown file under docs/, as paths relative to `root`. */
export function docFiles(root: string): string[] {
  const files = ['README.md'];
  const walk = (dir: string): void => {
    if (!existsSync(join(root, dir))) return;
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) files.push(path);
    }
  };
  walk('docs');
  return files.sort();
}

/** The text outside fenced code blocks and inline code, where a link means a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Every inline link and image target, `[text](target)` and `![alt](target "title")`. */
export function linkTargets(markdown: string): string[] {
  const targets: string[] = [];
  for (const match of prose(markdown).matchAll(
    /!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g,
  )) {
    targets.push(match[1] as string);
  }
  return targets;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors a Markdown file offers: one per heading (repeats get -1, -2...) and any explicit id. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const text = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of text.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const slug = headingSlug(match[1] as string);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const match of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1] as string);
  return anchors;
}

/**
 * What is wrong with the repository's docs: a README over README_MAX_BYTES, a relative link in README.md
 * or docs/**.md to a file that does not exist, or an anchor (`file.md#anchor`, `#anchor`) that names no
 * heading of that file. Links with a scheme (https:, mailto:) are not followed.
 */
export function docProblems(root: string): string[] {
  const problems: string[] = [];
  const readme = statSync(join(root, 'README.md')).size;
  if (readme > README_MAX_BYTES) {
    problems.push(`README.md is ${readme} bytes, over ${README_MAX_BYTES}: move detail into docs/`);
  }
  const anchorCache = new Map<string, Set<string>>();
  const anchorsIn = (file: string): Set<string> => {
    let anchors = anchorCache.get(file);
    if (!anchors) {
      anchors = anchorsOf(readFileSync(file, 'utf8'));
      anchorCache.set(file, anchors);
    }
    return anchors;
  };
  for (const file of docFiles(root)) {
    const from = join(root, file);
    for (const target of linkTargets(readFileSync(from, 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [pathPart = '', anchor] = target.split('#', 2) as [string, string | undefined];
      const path = decodeURIComponent(pathPart.split('?')[0] ?? '');
      const to = path === '' ? from : resolve(dirname(from), path);
      const shown = path === '' ? file : relative(root, to);
      if (relative(root, to).startsWith('..')) {
        problems.push(`${file}: ${target} leaves the repository`);
        continue;
      }
      if (!existsSync(to)) {
        problems.push(`${file}: ${target} points at ${shown}, which does not exist`);
        continue;
      }
      if (anchor !== undefined && to.endsWith('.md') && !anchorsIn(to).has(anchor)) {
        problems.push(`${file}: ${target}: ${shown} has no heading #${anchor}`);
      }
    }
  }
  return problems;
}
