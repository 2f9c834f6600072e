/** Where `vite build` writes the app; the gateway serves this folder. */
export const webDistUrl: URL = new URL('../dist/', import.meta.url);
