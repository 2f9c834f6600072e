import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './build/precompress.ts';

const webRoot = new URL('.', import.meta.url).pathname;

/**
 * @lifequest/proto is pure (schemas, constants, functions) but its package.json does not say so, so
 * importing one rule would otherwise pull every zod schema into the chunk. Marking its modules
 * side-effect free lets unused ones drop out.
 */
function protoIsPure(): Plugin {
  return {
    name: 'lifequest:proto-is-pure',
    transform: {
      filter: { id: /[\\/]proto[\\/]src[\\/].*\.ts$/ },
      handler: () => ({ moduleSideEffects: false }),
    },
  };
}

// Root is pinned to this folder so `vite build web` from the repo root and `vite build` from web/ agree.
export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss(), protoIsPure(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
});
