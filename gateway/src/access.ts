import { ACCESS_LEVELS, type Access, AppError, type HttpServer } from '@lifequest/platform';
import type { FastifyRequest } from 'fastify';

/*
 * The gateway's routes declare their access like every service route (docs/architecture.md#access):
 * `public` for the web app, health, login, register and logout; `hero` or `admin` for each service's
 * prefixes, which the gateway checks by session before anything is forwarded; `service` for the embedded
 * dead-letter routes, which the platform's accessHook checks on a signed service identity.
 */

/**
 * A gateway route that declares no access stops the boot, naming it, as a service's does. Checked when
 * the server is ready rather than as each route is added: the web app's file routes are declared
 * `public` by a hook of their own (web-app.ts) that runs after this one has seen them.
 */
export function requireDeclaredAccess(app: HttpServer): void {
  const routes: { method: string | string[]; url: string; config?: unknown }[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const undeclared = routes.filter((route) => !ACCESS_LEVELS.includes(accessOf(route.config) as Access));
    if (undeclared.length > 0) {
      const named = undeclared.map((route) => `${[route.method].flat().join(',')} ${route.url}`).join('; ');
      throw new Error(
        `${named}: declares no access: add config: { access: 'public' | 'hero' | 'admin' | 'service' }`,
      );
    }
  });
}

/**
 * Enforces the route's declared access by the request's session, before its handler (or the proxy)
 * runs: `hero` wants a live session, `admin` a live session of an admin. `authenticate` sets
 * `request.signedIn` or throws UNAUTHENTICATED.
 */
export function sessionAccess(authenticate: (request: FastifyRequest) => Promise<void>) {
  return async (request: FastifyRequest): Promise<void> => {
    const access = accessOf(request.routeOptions.config);
    if (access === 'public') return;
    if (access === 'hero' || access === 'admin') {
      await authenticate(request);
      if (access === 'admin' && !request.signedIn?.isAdmin)
        throw new AppError('FORBIDDEN', 'Only an admin can do this.');
      return;
    }
    // A service route is never a session's to call (the platform's accessHook guards those).
    throw new AppError('FORBIDDEN', 'Internal route.');
  };
}

function accessOf(config: unknown): unknown {
  return (config as { access?: unknown } | undefined)?.access;
}
