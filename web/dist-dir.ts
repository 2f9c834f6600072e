import { fileURLToPath } from 'node:url';

/** Where `vite build` puts the web app; the gateway serves it from here (or from WEB_DIST_DIR). */
export const webDistDir: string = fileURLToPath(new URL('./dist/', import.meta.url));
