import pg from 'pg';

/**
 * Grows the social service's population to `heroes` with synthetic heroes written straight into its
 * tables (10,000 heroes through the API would take most of the run): onboarded, with XP and level,
 * five activities each and five friends each among themselves. `friendOf` (the measured hero) gets ten
 * synthetic friends once, so its feed has the same shape at every size.
 */
export async function growSocial(databaseUrl: string, heroes: number, friendOf: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from social.heroes where email like 'synthetic-%'`,
    );
    const real = (await client.query<{ n: number }>(`select count(*)::int as n from social.heroes`)).rows[0]!
      .n;
    const from = rows[0]!.n + 1;
    const to = Math.max(from - 1, heroes - (real - rows[0]!.n));
    if (to < from) return;
    await client.query('begin');
    await client.query(
      `insert into social.heroes (id, email, name, onboarded, total_xp, life_level, xp_version, created_at)
       select gen_random_uuid(), 'synthetic-' || g || '@bench.local', 'Synthetic ' || g, true,
              (random() * 5000)::int, 1 + (random() * 9)::int, 0, now()
         from generate_series($1::int, $2::int) g`,
      [from, to],
    );
    await client.query(
      `insert into social.activities (user_id, type, title, description, source_key, created_at)
       select h.id, 'milestone_reached', 'Milestone reached', 'Step ' || s || ' done', 'bench:' || s,
              now() - (s * interval '1 hour') - random() * interval '1 hour'
         from generate_series($1::int, $2::int) g
         join social.heroes h on h.email = 'synthetic-' || g || '@bench.local'
         cross join generate_series(1, 5) s`,
      [from, to],
    );
    // Hero g befriends g+1..g+5 among the synthetic heroes there are so far; both directions.
    await client.query(
      `insert into social.friendships (user_id, friend_id)
       select w.x, w.y from (
         select a.id as a_id, b.id as b_id
           from generate_series($1::int, $2::int) g cross join generate_series(1, 5) k
           join social.heroes a on a.email = 'synthetic-' || g || '@bench.local'
           join social.heroes b on b.email = 'synthetic-' || (1 + (g + k - 1) % $2::int) || '@bench.local'
          where a.id <> b.id
       ) p
       cross join lateral (values (p.a_id, p.b_id), (p.b_id, p.a_id)) w(x, y)
       on conflict do nothing`,
      [from, to],
    );
    if (from === 1) {
      await client.query(
        `insert into social.friendships (user_id, friend_id)
         select x.a, x.b from social.heroes h
         cross join lateral (values ($1::uuid, h.id), (h.id, $1::uuid)) x(a, b)
         where h.email in (select 'synthetic-' || g || '@bench.local' from generate_series(1, 10) g)
         on conflict do nothing`,
        [friendOf],
      );
    }
    await client.query('commit');
    // A population that grew over months has been vacuumed: index-only reads, as in steady state.
    await client.query('vacuum (analyze) social.heroes, social.activities, social.friendships');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
