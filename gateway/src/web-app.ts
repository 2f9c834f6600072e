import { existsSync } from 'node:fs';
import { relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { type Config, type HttpServer, replyError } from '@lifequest/platform';
import { webDistDir } from '@lifequest/web/dist-dir';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The built web app, `public`: its files, and the SPA fallback that is the server's not-found handler
 * (a page URL gets the app, an unknown /api URL gets JSON). `notFound` is given to the server as it is
 * made; `serveFiles` adds the files once the API routes are in.
 */
export function webApp(config: Config) {
  const root = config.webDistDir ?? webDistDir;
  const hasApp = existsSync(`${root}/index.html`);
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api');
    if (wantsPage && hasApp) return reply.type('text/html').sendFile('index.html');
    if (wantsPage) {
      return reply
        .code(503)
        .type('text/html')
        .send('<h1>LifeQuest</h1><p>The web app is not built yet. Run <code>npm start</code>.</p>');
    }
    return replyError(reply, 'ROUTE_NOT_FOUND', `No route for ${request.method} ${path}.`);
  };
  const serveFiles = async (app: HttpServer) => {
    if (!hasApp) return;
    // @fastify/static adds a route per file and takes no route config: it marks each with the file it
    // serves, and those are declared public here. Registered on the server itself, not in a scope of
    // its own, so `reply.sendFile` reaches the not-found handler above.
    app.addHook('onRoute', (route) => {
      if ((route.config as { file?: unknown } | undefined)?.file !== undefined) {
        route.config = { ...route.config, access: 'public' };
      }
    });
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: ['index.html'],
      // The build writes .br and .gz beside each text file (web/build/precompress.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('cache-control', webCacheControl(root, path)),
    });
  };
  return { notFound, serveFiles };
}

/**
 * Vite names every file under assets/ after a hash of its content, so a browser may keep it for a year
 * without asking again; anything else (index.html, which names the current assets, and public/ files)
 * is asked again each time, answered 304 when unchanged.
 */
export function webCacheControl(root: string, filePath: string): string {
  const [top, ...rest] = relative(root, filePath).split(sep);
  return top === 'assets' && rest.length > 0 ? 'public, max-age=31536000, immutable' : 'no-cache';
}
