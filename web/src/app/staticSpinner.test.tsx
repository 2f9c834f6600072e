import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Spinner } from '../ui/Spinner.tsx';

const indexHtml = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');

describe('index.html', () => {
  it("paints the auth spinner ('Loading...') before any script runs, exactly as React then draws it", () => {
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(indexHtml)?.[1];
    expect(root?.replace(/>\s+</g, '><').trim()).toBe(renderToStaticMarkup(<Spinner />));
  });
});
