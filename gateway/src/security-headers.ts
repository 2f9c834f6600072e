import helmet from '@fastify/helmet';
import type { HttpServer } from '@lifequest/platform';
import Fastify from 'fastify';

/**
 * The Content-Security-Policy of every answer. The session id lives in localStorage (docs/architecture.md#sessions), so a
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

const HELMET_OPTIONS = {
  global: true,
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  referrerPolicy: { policy: 'no-referrer' as const },
  frameguard: { action: 'deny' as const },
};

/** What a server answers with by itself, whatever helmet does. */
const OWN_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The security headers of every answer of the gateway (helmet: CSP, nosniff, frame-ancestors via CSP and
 * X-Frame-Options, Referrer-Policy, …), for the platform to set (`answerHeaders`), on the HTTP parser's
 * own refusals too. They are the same on every answer, but @fastify/helmet builds helmet's middleware
 * again on every request (parsing the CSP directives each time, about 5% of the gateway's CPU under
 * load): so they are read once, from one answer of a server of our own, and set as they are.
 */
export async function securityHeaders(): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  try {
    await probe.register(helmet, HELMET_OPTIONS);
    probe.get('/', async () => '');
    const answer = await probe.inject('/');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (!OWN_HEADERS.has(name) && typeof value === 'string') headers[name] = value;
    }
    if (!headers['content-security-policy']) throw new Error('helmet set no Content-Security-Policy');
    return headers;
  } finally {
    await probe.close();
  }
}

/** `Cache-Control: no-store` on every API answer: they carry a hero's data, which no cache should keep. */
export function noStoreApiAnswers(app: HttpServer): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
