import { EVENTUALLY } from '@lifequest/platform/testing';
import type { AdminDeletion, AdminUserRow } from '@lifequest/proto';
import { expect, it } from 'vitest';
import { HOLDERS, registerHero, useAdmin } from '../testing/test-kit.ts';

// A hero who deleted their own account (DELETE /api/auth/me): no admin request, auth's user.deleted and
// the holders' user.purged are all admin hears, in any order (docs/features/data-ownership.md#deletion).
const h = useAdmin();

const users = async () => (await h.admin().get<AdminUserRow[]>('/api/admin/users')).body;

it('follows a deletion it did not ask for: the first confirmation opens it, the last purges the hero', async () => {
  const hero = await registerHero(h, 'Selma');
  const others = HOLDERS.filter((holder) => holder !== 'auth');
  // A holder's confirmation may arrive before auth's user.deleted.
  await h.publish('user.purged', { userId: hero.id, service: others[0]! });
  expect((await users()).find((r) => r.id === hero.id)?.deletion?.pending_services).toEqual(
    HOLDERS.filter((holder) => holder !== others[0]),
  );
  await h.publish('user.deleted', { userId: hero.id });
  for (const holder of others.slice(1)) await h.publish('user.purged', { userId: hero.id, service: holder });

  expect((await users()).some((r) => r.id === hero.id)).toBe(false);
  expect(
    await h.database.query(
      `select 1 from admin.heroes where id = $1 union all select 1 from admin.deletions where user_id = $1`,
      [hero.id],
    ),
  ).toEqual([]);
  // A confirmation repeated after the purge opens nothing again.
  await h.publish('user.purged', { userId: hero.id, service: others[0]! });
  expect(await h.database.query('select 1 from admin.deletions where user_id = $1', [hero.id])).toEqual([]);
  const asked = await h.admin().delete<AdminDeletion>(`/api/admin/users/${hero.id}`);
  expect(asked.body).toEqual({ id: hero.id, status: 'completed', pending_services: [] });
});

it('drops every consumer’s dead letters naming the hero once the last holder confirmed, and no one else’s', async () => {
  const hero = await registerHero(h, 'Dorian');
  const other = await registerHero(h, 'Oriane');
  // A holder that gave up on events about both heroes (the test modules' bus dead-letters at once).
  await h.bus.subscribe('quests', ['goal.deleted'], async () => {
    throw new Error('quests could not handle it');
  });
  for (const userId of [hero.id, other.id]) {
    await h.publish('goal.deleted', { goalId: crypto.randomUUID(), userId });
  }
  const named = async (userId: string) =>
    (await h.bus.listDeadLetters('quests')).filter((letter) => JSON.stringify(letter.event).includes(userId));
  expect(await named(hero.id)).toHaveLength(1);

  await h.publish('user.deleted', { userId: hero.id });
  for (const holder of HOLDERS.filter((holder) => holder !== 'auth')) {
    await h.publish('user.purged', { userId: hero.id, service: holder });
  }
  // Dropped once the purge committed.
  await expect.poll(() => named(hero.id), EVENTUALLY).toEqual([]);
  expect(await named(other.id)).toHaveLength(1);
});
