import type { AdminDeletion, AdminUserRow, TokenStats } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, HOLDERS, recordUsage, registerHero, useAdmin } from '../testing/test-kit.ts';

const h = useAdmin();

const users = async () => (await h.admin().get<AdminUserRow[]>('/api/admin/users')).body;

/** Every holder but auth confirms with user.purged; auth with user.deleted. */
async function confirmAll(userId: string, except: string[] = []) {
  for (const holder of HOLDERS) {
    if (except.includes(holder)) continue;
    if (holder === 'auth') await h.publish('user.deleted', { userId });
    else await h.publish('user.purged', { userId, service: holder });
  }
}

describe('DELETE /api/admin/users/{id}', () => {
  it('starts the deletion: 202 pending on every holder, user.deletion_requested published once', async () => {
    const hero = await registerHero(h, 'Dara');
    const admin = h.admin();
    const res = await admin.delete<AdminDeletion>(`/api/admin/users/${hero.id}`);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ id: hero.id, status: 'pending', pending_services: [...HOLDERS] });

    // Asking again is harmless: the same deletion, no second request.
    const again = await admin.delete<AdminDeletion>(`/api/admin/users/${hero.id}`);
    expect([again.status, again.body]).toEqual([res.status, res.body]);
    await h.settled();
    const requested = h.publishedOf('user.deletion_requested').filter((e) => e.payload.userId === hero.id);
    expect(requested).toHaveLength(1);
    expect(requested[0]).toMatchObject({
      actorId: admin.userId,
      payload: { userId: hero.id, requestedBy: admin.userId },
    });
  });

  it('shows the deletion in progress, with the holders still to confirm, until all have', async () => {
    const hero = await registerHero(h, 'Eli');
    await h.admin().delete(`/api/admin/users/${hero.id}`);
    await h.publish('user.deleted', { userId: hero.id });
    await h.publish('user.purged', { userId: hero.id, service: 'quests' });
    const row = (await users()).find((r) => r.id === hero.id);
    expect(row?.deletion).toEqual({
      requested_at: expect.any(String),
      pending_services: HOLDERS.filter((s) => s !== 'auth' && s !== 'quests'),
    });
    const repeat = await h.admin().delete<AdminDeletion>(`/api/admin/users/${hero.id}`);
    expect(repeat.body.pending_services).toEqual(row?.deletion?.pending_services);
  });

  it('once every holder confirmed, purges the hero but keeps the cost of their AI calls', async () => {
    const hero = await registerHero(h, 'Fenna');
    await h.publish('goal.created', {
      goalId: crypto.randomUUID(),
      userId: hero.id,
      title: 'Save $1000',
      foundation: 'Finance',
      className: 'financial',
      category: null,
      milestoneCount: 2,
      totalXp: 100,
    });
    await recordUsage(h, hero.id, { tokens: 700, cost: 0.007 });
    const before = (await h.admin().get<TokenStats>('/api/admin/token-stats')).body;

    await h.admin().delete(`/api/admin/users/${hero.id}`);
    await confirmAll(hero.id);
    // A confirmation delivered twice changes nothing.
    await h.publish('user.purged', { userId: hero.id, service: 'ai' });

    expect((await users()).some((r) => r.id === hero.id)).toBe(false);
    const after = (await h.admin().get<TokenStats>('/api/admin/token-stats')).body;
    expect(after.total_stats).toEqual(before.total_stats);
    expect(after.top_spenders.some((s) => s.user_id === hero.id)).toBe(false);
    const named = await h.database.query(
      `select 'heroes' from admin.heroes where id = $1 union all
       select 'hero_goals' from admin.hero_goals where user_id = $1 union all
       select 'ai_usage' from admin.ai_usage where user_id = $1 union all
       select 'deletions' from admin.deletions where user_id = $1`,
      [hero.id],
    );
    expect(named).toEqual([]);
    await h.settled();
    // Nor does admin's outbox keep the user.deletion_requested it published.
    expect(
      await h.database.query('select 1 from admin._outbox where strpos(envelope::text, $1) > 0', [hero.id]),
    ).toEqual([]);

    // Asking again after it completed is harmless too.
    const done = await h.admin().delete<AdminDeletion>(`/api/admin/users/${hero.id}`);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ id: hero.id, status: 'completed', pending_services: [] });
  });

  it('an event about a purged hero delivered late brings nothing back', async () => {
    const hero = await registerHero(h, 'Gwen');
    await h.admin().delete(`/api/admin/users/${hero.id}`);
    await confirmAll(hero.id);
    await h.publish('user.updated', { userId: hero.id, name: 'Gwen' });
    await h.publish('user.xp_changed', { userId: hero.id, totalXP: 40, lifeLevel: 1, xpVersion: 1 });
    await h.publish('goal.created', {
      goalId: crypto.randomUUID(),
      userId: hero.id,
      title: 'Late quest',
      foundation: null,
      className: null,
      category: null,
      milestoneCount: 0,
      totalXp: 100,
    });
    const usage = await recordUsage(h, hero.id, { tokens: 10, cost: 0.0001 });
    expect(await h.database.query('select id from admin.heroes where id = $1', [hero.id])).toEqual([]);
    expect(
      await h.database.query('select goal_id from admin.hero_goals where user_id = $1', [hero.id]),
    ).toEqual([]);
    expect(
      await h.database.query('select user_id from admin.ai_usage where id = $1', [usage.payload.usageId]),
    ).toEqual([{ user_id: null }]);
  });

  it('an admin cannot delete themself (400), nor another admin (403)', async () => {
    const admin = h.admin();
    const self = await admin.delete(`/api/admin/users/${admin.userId}`);
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ code: 'ADMIN_DELETE_SELF', error: 'You cannot delete yourself' });

    const other = await registerHero(h, 'Admin', { email: ADMIN_EMAIL });
    const res = await admin.delete(`/api/admin/users/${other.id}`);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'ADMIN_DELETE_ADMIN' });
    expect((await users()).find((r) => r.id === other.id)?.deletion).toBeNull();
  });

  it('an unknown id is a 404, a malformed one a 400', async () => {
    const unknown = await h.admin().delete(`/api/admin/users/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'USER_NOT_FOUND' });
    const malformed = await h.admin().delete('/api/admin/users/42');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
