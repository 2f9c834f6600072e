import { describe, expect, it } from 'vitest';
import { useAuth } from '../testing/test-kit.ts';

const auth = useAuth();

async function registered(name: string) {
  const email = `${name.toLowerCase()}-${crypto.randomUUID()}@example.com`;
  const password = 'correct horse battery';
  const res = await auth.svc.service('gateway').post('/internal/auth/register', { email, password, name });
  expect(res.status).toBe(201);
  return { id: res.body.user.id as string, email, password };
}

const deletedOf = (userId: string) =>
  auth.svc.publishedOf('user.deleted').filter((e) => e.payload.userId === userId);

describe('deleting a hero (user.deletion_requested)', () => {
  it('deletes the hero with their credentials and XP ledger, and announces user.deleted once', async () => {
    const hero = await registered('Hale');
    const bystander = await registered('Ione');
    await auth.publish('milestone.completed', {
      milestoneId: crypto.randomUUID(),
      goalId: crypto.randomUUID(),
      userId: hero.id,
      title: 'Run 2K',
      goalTitle: 'Run 5K',
      xpReward: 50,
      version: 1,
    });
    expect(await auth.total(hero.id)).toBe(50);

    const admin = crypto.randomUUID();
    const request = await auth.svc.publish(
      'user.deletion_requested',
      { userId: hero.id, requestedBy: admin },
      admin,
    );
    await auth.svc.redeliver(request);
    await auth.svc.settled();

    expect(await auth.db.user.findUnique({ where: { id: hero.id } })).toBeNull();
    expect(await auth.db.credential.count({ where: { userId: hero.id } })).toBe(0);
    expect(await auth.db.xpEntry.count({ where: { userId: hero.id } })).toBe(0);
    expect(deletedOf(hero.id).map((e) => [e.payload, e.actorId])).toEqual([[{ userId: hero.id }, admin]]);
    expect(await auth.db.user.findUnique({ where: { id: bystander.id } })).not.toBeNull();

    const login = await auth.svc.service('gateway').post('/internal/auth/login', hero);
    expect(login.status).toBe(401);
    expect(login.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it("keeps none of auth's published events about the hero, not even user.deleted once it went out", async () => {
    const hero = await registered('Juno');
    await auth.svc.settled();
    const mentions = () =>
      auth.svc.database.query('select name from auth._outbox where strpos(envelope::text, $1) > 0', [
        hero.id,
      ]);
    expect(await mentions()).toEqual([{ name: 'user.registered' }]);
    await auth.svc.publish('user.deletion_requested', { userId: hero.id, requestedBy: crypto.randomUUID() });
    await auth.svc.settled();
    expect(deletedOf(hero.id)).toHaveLength(1);
    expect(await mentions()).toEqual([]);
  });

  it('a new request for a hero already gone announces user.deleted again, so stragglers purge too', async () => {
    const hero = await registered('Kai');
    for (let i = 0; i < 2; i++) {
      await auth.svc.publish('user.deletion_requested', {
        userId: hero.id,
        requestedBy: crypto.randomUUID(),
      });
    }
    await auth.svc.settled();
    expect(deletedOf(hero.id)).toHaveLength(2);
  });
});
