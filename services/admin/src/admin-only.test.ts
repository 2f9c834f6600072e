import { describe, expect, it } from 'vitest';
import { useAdmin } from './testing/test-kit.ts';

const h = useAdmin();

// The gateway refuses these too (gateway tests); the service checks again, before reading the request.
describe('admins only', () => {
  const routes: [string, string][] = [
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/token-stats'],
    ['DELETE', `/api/admin/users/${crypto.randomUUID()}`],
    ['DELETE', '/api/admin/users/not-an-id'],
  ];

  it.each(routes)('%s %s refuses a hero who is not an admin with 403 JSON', async (method, path) => {
    const hero = h.hero();
    const res = method === 'GET' ? await hero.get(path) : await hero.delete(path);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Not allowed', message: expect.any(String), code: 'FORBIDDEN' });
  });

  it.each(routes)('%s %s refuses a request without a signed identity with 401', async (method, path) => {
    const nobody = h.anonymous();
    const res = method === 'GET' ? await nobody.get(path) : await nobody.delete(path);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
