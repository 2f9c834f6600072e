import type { FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { AppError } from '../errors.ts';

/** The order methods are listed in `Allow`. */
const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export interface AllowedMethodsOptions {
  /** Leave out catch-all routes (`/prefix/*`): the gateway asks which of its own routes claim a path. */
  exceptCatchAll?: boolean;
}

/**
 * The methods the server has a route for at `url`, asked of the router itself (Fastify's findRoute, i.e.
 * find-my-way's lookup), so parametric paths match exactly as a request would. `methods` are the ones
 * any route was registered with: only those are asked.
 */
export function allowedMethods(
  app: { findRoute(options: { method: HTTPMethods; url: string }): { params: unknown } | null },
  methods: Iterable<string>,
  url: string,
  options: AllowedMethodsOptions = {},
): string[] {
  const allowed: string[] = [];
  for (const method of methods) {
    let found: { params: unknown } | null = null;
    try {
      found = app.findRoute({ method: method as HTTPMethods, url });
    } catch {
      // A URL the router cannot decode has no route by any method.
    }
    if (!found || (options.exceptCatchAll && '*' in (found.params as object))) continue;
    allowed.push(method);
  }
  const rank = (method: string) => (ORDER.includes(method) ? ORDER.indexOf(method) : ORDER.length);
  return allowed.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** 405 METHOD_NOT_ALLOWED from the error table, with the path's methods in `Allow` (RFC 9110 15.5.6). */
export function replyMethodNotAllowed(
  reply: FastifyReply,
  request: FastifyRequest,
  allow: readonly string[],
): FastifyReply {
  const path = request.url.split('?')[0];
  const refusal = new AppError(
    'METHOD_NOT_ALLOWED',
    `${request.method} is not allowed on ${path}; it takes ${allow.join(', ')}.`,
  );
  return reply.code(refusal.status).header('allow', allow.join(', ')).send(refusal.toBody());
}
