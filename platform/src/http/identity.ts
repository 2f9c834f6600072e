import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** The header that carries the gateway-signed identity to the services. Clients can never set it. */
export const IDENTITY_HEADER = 'x-lifequest-identity';

const HeroIdentity = z.object({
  kind: z.literal('hero'),
  userId: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  sessionId: z.string().optional(),
});
const ServiceIdentity = z.object({ kind: z.literal('service'), service: z.string() });
const Identity = z.discriminatedUnion('kind', [HeroIdentity, ServiceIdentity]);
const Token = z.object({ id: Identity, exp: z.number() });

export type HeroIdentity = z.infer<typeof HeroIdentity>;
export type ServiceIdentity = z.infer<typeof ServiceIdentity>;
export type Identity = z.infer<typeof Identity>;

const b64 = (buf: Buffer | string) => Buffer.from(buf).toString('base64url');
const mac = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest();

/**
 * Signs an identity for one hop. Short-lived, because it only has to survive the proxy to a service;
 * a leaked header is useless a minute later.
 */
export function signIdentity(secret: string, id: Identity, ttlSeconds = 60, now = Date.now()): string {
  const payload = b64(JSON.stringify({ id, exp: Math.floor(now / 1000) + ttlSeconds }));
  return `${payload}.${b64(mac(secret, payload))}`;
}

export function verifyIdentity(secret: string, token: string | undefined, now = Date.now()): Identity | null {
  if (!token) return null;
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return null;
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = Token.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    if (!parsed.success || parsed.data.exp * 1000 < now) return null;
    return parsed.data.id;
  } catch {
    return null;
  }
}
