import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompileMessages } from './build/precompile-messages.ts';
import { precompress } from './build/precompress.ts';
import { pwaOptions } from './build/pwa.ts';

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
  plugins: [react(), tailwindcss(), protoIsPure(), precompileMessages(), VitePWA(pwaOptions), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Left alone, every icon two screens share became its own 200-byte file, and the dashboard
          // asked for 33 files at once over HTTP/1.1's six connections. The icons travel together.
          groups: [
            {
              name: 'icons',
              test: /[\\/]node_modules[\\/]lucide-react[\\/]/,
              // Only the icons: their dependency (React) stays in the entry.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
});
