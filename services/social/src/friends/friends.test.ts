import { describe, expect, it } from 'vitest';
import { befriend } from '../testing/befriend.ts';
import { useSocial } from '../testing/test-kit.ts';

const social = useSocial();

describe('friend requests', () => {
  it('a request waits in the other hero’s requests; accepting makes both friends at once', async () => {
    const ana = await social.newHero('Ana', { primaryClass: 'education' });
    const ben = await social.newHero('Ben', { primaryClass: 'financial' });
    await social.setXp(ana.userId, 350);

    const sent = await ana.post('/api/friends/request', { email: ` ${ben.email.toUpperCase()} ` });
    expect(sent).toMatchObject({ status: 201, body: { status: 'pending', requestId: expect.any(String) } });
    expect((await ana.get('/api/friends/requests')).body).toEqual([]);
    const incoming = await ben.get('/api/friends/requests');
    expect(incoming.body).toEqual([
      {
        id: sent.body.requestId,
        requester: {
          name: 'Ana',
          activeClassTitle: 'Sage Scholar',
          email_hint: expect.stringMatching(/^a\*\*\*[0-9a-f]@example\.com$/),
        },
        createdAt: expect.any(String),
      },
    ]);
    // The other hero's address never leaves the service whole: only its mask, to tell who asks.
    expect(JSON.stringify(incoming.body)).not.toContain(ana.email);

    const accepted = await ben.patch(`/api/friends/requests/${sent.body.requestId}`, { action: 'accept' });
    expect(accepted).toMatchObject({ status: 200, body: { status: 'accepted' } });
    expect((await ben.get('/api/friends')).body).toEqual([
      {
        id: ana.userId,
        name: 'Ana',
        activeClassTitle: 'Sage Scholar',
        lifeLevel: 3,
        totalXP: 350,
        friend_streak: 0,
      },
    ]);
    expect((await ana.get('/api/friends')).body).toEqual([
      {
        id: ben.userId,
        name: 'Ben',
        activeClassTitle: 'Gold Steward',
        lifeLevel: 1,
        totalXP: 0,
        friend_streak: 0,
      },
    ]);
    expect((await ben.get('/api/friends/requests')).body).toEqual([]);
    // Accepting again is a harmless retry.
    expect(
      (await ben.patch(`/api/friends/requests/${sent.body.requestId}`, { action: 'accept' })).body,
    ).toEqual({
      status: 'accepted',
    });
    await social.svc.settled();
    expect(social.svc.publishedOf('friend.added').filter((e) => e.actorId === ben.userId)).toMatchObject([
      { payload: { userId: ben.userId, friendId: ana.userId, friendName: 'Ana' } },
    ]);
  });

  it('rejecting declines: no friendship, no event, and the asker may not ask again for 7 days', async () => {
    social.clock.set('2026-04-01T10:00:00.000Z');
    try {
      const cal = await social.newHero('Cal');
      const dee = await social.newHero('Dee');
      const sent = await cal.post('/api/friends/request', { email: dee.email });
      expect(
        (await dee.patch(`/api/friends/requests/${sent.body.requestId}`, { action: 'reject' })).body,
      ).toEqual({
        status: 'rejected',
      });
      expect((await dee.get('/api/friends/requests')).body).toEqual([]);
      expect((await cal.get('/api/friends')).body).toEqual([]);
      const accepting = await dee.patch(`/api/friends/requests/${sent.body.requestId}`, {
        action: 'accept',
      });
      expect(accepting).toMatchObject({ status: 404, body: { code: 'FRIEND_REQUEST_NOT_FOUND' } });

      // Asking again at once, or on the last day, is refused, and Dee sees nothing of it.
      for (const at of ['2026-04-01T10:00:01.000Z', '2026-04-08T09:59:59.999Z']) {
        social.clock.set(at);
        const again = await cal.post('/api/friends/request', { email: dee.email });
        expect(again).toMatchObject({
          status: 409,
          body: {
            error: 'Friend request declined recently',
            message: `${dee.email} declined your friend request recently; you can ask again after Apr 8, 2026 (UTC).`,
            code: 'FRIEND_REQUEST_DECLINED',
          },
        });
        expect((await dee.get('/api/friends/requests')).body).toEqual([]);
      }
      social.clock.set('2026-04-08T10:00:00.000Z');
      expect((await cal.post('/api/friends/request', { email: dee.email })).status).toBe(201);
      expect((await dee.get('/api/friends/requests')).body).toHaveLength(1);
      await social.svc.settled();
      expect(social.svc.publishedOf('friend.added').filter((e) => e.actorId === dee.userId)).toEqual([]);
    } finally {
      social.clock.reset();
    }
  });

  it('the hero who declined may change their mind: their request goes through, and lifts the hold', async () => {
    const amy = await social.newHero('Amy');
    const dan = await social.newHero('Dan');
    const declined = await dan.post('/api/friends/request', { email: amy.email });
    await amy.patch(`/api/friends/requests/${declined.body.requestId}`, { action: 'reject' });
    expect((await dan.post('/api/friends/request', { email: amy.email })).status).toBe(409);

    const asked = await amy.post('/api/friends/request', { email: dan.email });
    expect(asked).toMatchObject({ status: 201, body: { status: 'pending' } });
    // Dan declines in turn; Amy's request still says she changed her mind, so Dan may ask her again.
    await dan.patch(`/api/friends/requests/${asked.body.requestId}`, { action: 'reject' });
    expect((await dan.post('/api/friends/request', { email: amy.email })).status).toBe(201);
    expect((await amy.get('/api/friends/requests')).body).toHaveLength(1);
  });

  it("answering the declined hero's own request befriends them: crossing requests still meet", async () => {
    const bea = await social.newHero('Bea');
    const eli = await social.newHero('Eli');
    const declined = await eli.post('/api/friends/request', { email: bea.email });
    await bea.patch(`/api/friends/requests/${declined.body.requestId}`, { action: 'reject' });
    const asked = await bea.post('/api/friends/request', { email: eli.email });
    const crossing = await eli.post('/api/friends/request', { email: bea.email });
    expect(crossing).toMatchObject({
      status: 200,
      body: { status: 'accepted', requestId: asked.body.requestId },
    });
    expect((await eli.get('/api/friends')).body.map((f: { name: string }) => f.name)).toEqual(['Bea']);
  });

  it('a request crossing one already pending the other way becomes a friendship', async () => {
    const eve = await social.newHero('Eve');
    const fay = await social.newHero('Fay');
    const first = await eve.post('/api/friends/request', { email: fay.email });
    const crossing = await fay.post('/api/friends/request', { email: eve.email });
    expect(crossing).toMatchObject({
      status: 200,
      body: { status: 'accepted', requestId: first.body.requestId },
    });
    expect((await eve.get('/api/friends')).body.map((f: { name: string }) => f.name)).toEqual(['Fay']);
    expect((await fay.get('/api/friends')).body.map((f: { name: string }) => f.name)).toEqual(['Eve']);
    expect((await eve.get('/api/friends/requests')).body).toEqual([]);
    await social.svc.settled();
    expect(social.svc.publishedOf('friend.added').filter((e) => e.actorId === fay.userId)).toHaveLength(1);
  });
});

describe('the errors of friend requests', () => {
  it('to yourself: 400 FRIEND_REQUEST_TO_SELF', async () => {
    const gil = await social.newHero('Gil');
    const res = await gil.post('/api/friends/request', { email: gil.email });
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'You cannot befriend yourself', code: 'FRIEND_REQUEST_TO_SELF' },
    });
  });

  it('no hero with that e-mail: 404 FRIEND_NOT_FOUND', async () => {
    const hal = await social.newHero('Hal');
    const res = await hal.post('/api/friends/request', { email: 'nobody@example.com' });
    expect(res).toMatchObject({
      status: 404,
      body: {
        error: 'No hero with that e-mail',
        message: 'No hero has the e-mail nobody@example.com.',
        code: 'FRIEND_NOT_FOUND',
      },
    });
  });

  it('already friends: 409 ALREADY_FRIENDS, either way round', async () => {
    const ivy = await social.newHero('Ivy');
    const jon = await social.newHero('Jon');
    await befriend(ivy, jon);
    for (const [from, to] of [
      [ivy, jon],
      [jon, ivy],
    ] as const) {
      const res = await from.post('/api/friends/request', { email: to.email });
      expect(res).toMatchObject({ status: 409, body: { error: 'Already friends', code: 'ALREADY_FRIENDS' } });
    }
  });

  it('already pending: 409 FRIEND_REQUEST_PENDING', async () => {
    const kim = await social.newHero('Kim');
    const lou = await social.newHero('Lou');
    await kim.post('/api/friends/request', { email: lou.email });
    const res = await kim.post('/api/friends/request', { email: lou.email });
    expect(res).toMatchObject({
      status: 409,
      body: { error: 'Friend request already pending', code: 'FRIEND_REQUEST_PENDING' },
    });
    expect((await lou.get('/api/friends/requests')).body).toHaveLength(1);
  });

  it('a bad e-mail, request id or action is a 400', async () => {
    const mo = await social.newHero('Mo');
    expect((await mo.post('/api/friends/request', {})).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'email is required',
    });
    expect((await mo.post('/api/friends/request', { email: 'not-an-email' })).body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'email must be a valid e-mail address',
    });
    expect((await mo.patch('/api/friends/requests/abc', { action: 'accept' })).status).toBe(400);
    const wrongAction = await mo.patch(`/api/friends/requests/${crypto.randomUUID()}`, { action: 'maybe' });
    expect(wrongAction.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'action must be accept or reject',
    });
  });

  it('answering a request that is not addressed to you: 404 FRIEND_REQUEST_NOT_FOUND', async () => {
    const ned = await social.newHero('Ned');
    const ola = await social.newHero('Ola');
    const pat = await social.newHero('Pat');
    const sent = await ned.post('/api/friends/request', { email: ola.email });
    for (const who of [ned, pat]) {
      const res = await who.patch(`/api/friends/requests/${sent.body.requestId}`, { action: 'accept' });
      expect(res).toMatchObject({
        status: 404,
        body: { error: 'Friend request not found', code: 'FRIEND_REQUEST_NOT_FOUND' },
      });
    }
    expect((await ned.get('/api/friends')).body).toEqual([]);
    expect((await ola.get('/api/friends/requests')).body).toHaveLength(1);
  });
});

describe('the friend request rate limit', () => {
  it('refuses the 21st request of an hour with 429 RATE_LIMITED and Retry-After, failed ones included', async () => {
    social.clock.set('2026-04-01T10:20:00.000Z');
    try {
      const spammer = await social.newHero('Spam');
      const target = await social.newHero('Target');
      for (let i = 0; i < 19; i++) {
        expect(
          (await spammer.post('/api/friends/request', { email: `nobody-${i}@example.com` })).status,
        ).toBe(404);
      }
      expect((await spammer.post('/api/friends/request', { email: target.email })).status).toBe(201);
      const refused = await spammer.post('/api/friends/request', { email: `nobody-x@example.com` });
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        error: 'Too many requests',
        message: 'You have sent too many friend requests. Try again in 40 minutes.',
        code: 'RATE_LIMITED',
      });
      expect(refused.headers.get('retry-after')).toBe('2400');
      // Another hero is not held back by it.
      expect((await target.post('/api/friends/request', { email: 'nobody@example.com' })).status).toBe(404);
      // The next hour starts afresh.
      social.clock.set('2026-04-01T11:00:00.000Z');
      expect((await spammer.post('/api/friends/request', { email: 'nobody-y@example.com' })).status).toBe(
        404,
      );
    } finally {
      social.clock.reset();
    }
  });
});
