import type { AdminUserRow } from '@lifequest/proto';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, publishAt, recordUsage, registerHero, useAdmin } from '../testing/test-kit.ts';

const h = useAdmin();

async function rowOf(id: string): Promise<AdminUserRow | undefined> {
  const res = await h.admin().get<AdminUserRow[]>('/api/admin/users');
  expect(res.status).toBe(200);
  return res.body.find((row) => row.id === id);
}

describe('GET /api/admin/users', () => {
  it('lists a hero with every field of the admin user row, from the events of auth, quests and ai', async () => {
    const createdAt = new Date('2026-03-01T10:00:00.000Z');
    const hero = await registerHero(h, 'Aria', { createdAt });
    expect(await rowOf(hero.id)).toEqual({
      id: hero.id,
      name: 'Aria',
      email: hero.email,
      is_onboarded: false,
      life_level: 1,
      total_xp: 0,
      goal_count: 0,
      total_tokens: 0,
      total_cost: 0,
      created_at: createdAt.toISOString(),
      is_admin: false,
      deletion: null,
    });

    await h.publish('user.onboarded', {
      userId: hero.id,
      name: 'Aria the Bold',
      primaryClass: 'general',
      activeClassTitle: 'Adventurer',
    });
    const goals = [crypto.randomUUID(), crypto.randomUUID()];
    for (const goalId of goals) {
      await h.publish('goal.created', {
        goalId,
        userId: hero.id,
        title: 'Run a 5K',
        foundation: null,
        className: 'general',
        category: null,
        milestoneCount: 3,
        totalXp: 100,
      });
    }
    await h.publish('goal.deleted', { goalId: goals[0]!, userId: hero.id });
    await h.publish('user.leveled_up', {
      userId: hero.id,
      name: 'Aria the Bold',
      activeClassTitle: 'Adventurer',
      fromLevel: 1,
      toLevel: 2,
      totalXP: 120,
    });
    await h.publish('user.xp_changed', { userId: hero.id, totalXP: 120, lifeLevel: 2, xpVersion: 2 });
    await h.publish('user.xp_changed', { userId: hero.id, totalXP: 330, lifeLevel: 3, xpVersion: 5 });
    await recordUsage(h, hero.id, { tokens: 1200, cost: 0.0021 });
    await recordUsage(h, hero.id, { tokens: 800, cost: 0.0009 });

    expect(await rowOf(hero.id)).toMatchObject({
      name: 'Aria the Bold',
      is_onboarded: true,
      total_xp: 330,
      life_level: 3,
      goal_count: 1,
      total_tokens: 2000,
    });
    expect((await rowOf(hero.id))?.total_cost).toBeCloseTo(0.003, 10);
  });

  it('keeps the newest name and XP total when events arrive out of order, and counts redeliveries once', async () => {
    const hero = await registerHero(h, 'Bram');
    const later = new Date(Date.now() + 60_000);
    await publishAt(h, 'user.updated', { userId: hero.id, name: 'Bram Stoneheart' }, later);
    await h.publish('user.xp_changed', { userId: hero.id, totalXP: 250, lifeLevel: 2, xpVersion: 4 });
    // Older events, delivered after: neither the name nor the XP goes back.
    await h.publish('user.onboarded', {
      userId: hero.id,
      name: 'Bram',
      primaryClass: 'general',
      activeClassTitle: 'Adventurer',
    });
    await h.publish('user.xp_changed', { userId: hero.id, totalXP: 100, lifeLevel: 2, xpVersion: 3 });
    const goal = await h.publish('goal.created', {
      goalId: crypto.randomUUID(),
      userId: hero.id,
      title: 'Read 12 books',
      foundation: 'Intelligence',
      className: 'education',
      category: null,
      milestoneCount: 12,
      totalXp: 500,
    });
    const usage = await recordUsage(h, hero.id, { tokens: 500 });
    await h.redeliver(goal);
    await h.redeliver(usage);

    expect(await rowOf(hero.id)).toMatchObject({
      name: 'Bram Stoneheart',
      total_xp: 250,
      life_level: 2,
      is_onboarded: true,
      goal_count: 1,
      total_tokens: 500,
    });
  });

  it('lists a hero only once their registration arrived, whatever came before it', async () => {
    const id = crypto.randomUUID();
    await h.publish('user.onboarded', {
      userId: id,
      name: 'Cora',
      primaryClass: 'general',
      activeClassTitle: 'Adventurer',
    });
    expect(await rowOf(id)).toBeUndefined();
    await h.publish('user.registered', {
      userId: id,
      email: 'cora@example.com',
      name: 'Cora',
      primaryClass: 'general',
      activeClassTitle: 'Adventurer',
      createdAt: new Date().toISOString(),
    });
    expect(await rowOf(id)).toMatchObject({ email: 'cora@example.com', is_onboarded: true });
  });

  it('marks the admin accounts of ADMIN_EMAILS, whatever the case of the address', async () => {
    const admin = await registerHero(h, 'Admin', { email: ADMIN_EMAIL.toUpperCase() });
    expect(await rowOf(admin.id)).toMatchObject({ is_admin: true });
  });

  it('lists the newest heroes first', async () => {
    const older = await registerHero(h, 'Older', { createdAt: new Date('2020-01-01T00:00:00Z') });
    const newer = await registerHero(h, 'Newer', { createdAt: new Date('2030-01-01T00:00:00Z') });
    const ids = (await h.admin().get<AdminUserRow[]>('/api/admin/users')).body.map((row) => row.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
  });
});
