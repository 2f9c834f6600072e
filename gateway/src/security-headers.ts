import helmet from '@fastify/helmet';
import type { HttpServer } from '@lifequest/platform';

/**
 * The Content-Security-Policy of every answer. The session id lives in localStorage (spec 4), so a
 * script that runs on our origin could read it: only our own bundled scripts may run, none inline (the
 * built app has none: Vite emits files). Styles may be inline: Radix's scroll area and the scroll lock of
 * its dialogs inject small <style> elements whose content varies (no fixed hash covers them), and a
 * style cannot read localStorage. No page may frame ours (clickjacking).
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Plain http on localhost is the embedded default; upgrading would break it. TLS proxies add HSTS.
  upgradeInsecureRequests: null,
};

/**
 * Security headers on every answer of the gateway (helmet: CSP, nosniff, frame-ancestors via CSP and
 * X-Frame-Options, Referrer-Policy, …), and `Cache-Control: no-store` on every API answer: they carry
 * a hero's data, which no shared or browser cache should keep.
 */
export async function securityHeaders(app: HttpServer): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
