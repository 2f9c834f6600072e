import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, EVENT_PUBLISHERS, mayPublish } from './catalogue.ts';
import { createEnvelope, EventValidationError, parseEnvelope } from './envelope.ts';

// Ids in events are UUIDs.
const HERO = '10000000-0000-4000-8000-000000000001';
const MILESTONE = '30000000-0000-4000-8000-000000000001';
const QUEST = '20000000-0000-4000-8000-000000000001';

const completed = {
  milestoneId: MILESTONE,
  goalId: QUEST,
  userId: HERO,
  title: 'Run 5 km',
  goalTitle: 'Run a marathon',
  xpReward: 50,
};

describe('event envelopes', () => {
  it('creates a version-1 envelope with a uuid, an ISO time and the validated payload', () => {
    const event = createEnvelope('milestone.completed', completed, HERO, new Date('2025-01-02T03:04:05Z'));
    expect(event).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'milestone.completed',
      version: 1,
      occurredAt: '2025-01-02T03:04:05.000Z',
      actorId: HERO,
      payload: completed,
    });
    expect(parseEnvelope(JSON.parse(JSON.stringify(event)))).toEqual(event);
  });

  it('refuses to create an event whose payload breaks its schema, naming the field', () => {
    const bad = { ...completed, xpReward: -5 } as typeof completed;
    expect(() => createEnvelope('milestone.completed', bad, null)).toThrow(EventValidationError);
    expect(() => createEnvelope('milestone.completed', bad, null)).toThrow(/payload\.xpReward/);
  });

  it('rejects unknown names, wrong versions and bad payloads with a clear error', () => {
    const good = createEnvelope('goal.deleted', { goalId: QUEST, userId: HERO }, null);
    expect(() => parseEnvelope({ ...good, name: 'goal.exploded' })).toThrow(
      /unknown event name 'goal.exploded'/,
    );
    expect(() => parseEnvelope({ ...good, version: 2 })).toThrow(/version must be 1/);
    expect(() => parseEnvelope({ ...good, payload: { goalId: QUEST } })).toThrow(
      /Invalid event 'goal.deleted' \(id [0-9a-f-]+\): payload\.userId/,
    );
    expect(() => parseEnvelope('not an event')).toThrow(EventValidationError);
  });

  it('refuses an id that is not a UUID, when created and when received, so no consumer meets one', () => {
    expect(() => createEnvelope('user.deleted', { userId: 'u1' }, null)).toThrow(/payload\.userId/);
    const good = createEnvelope('goal.deleted', { goalId: QUEST, userId: HERO }, null);
    expect(() => parseEnvelope({ ...good, payload: { goalId: 'g1', userId: HERO } })).toThrow(
      /payload\.goalId: Invalid UUID/,
    );
  });

  it('accepts nullable fields as null and strips keys it does not know', () => {
    const event = createEnvelope(
      'goal.completed',
      { goalId: QUEST, userId: HERO, title: 'Quest', foundation: null, xpBonus: 0, extra: 1 } as never,
      HERO,
    );
    expect(event.payload).toEqual({
      goalId: QUEST,
      userId: HERO,
      title: 'Quest',
      foundation: null,
      xpBonus: 0,
    });
  });

  it('names a publisher for every event in the catalogue', () => {
    expect(Object.keys(EVENT_PUBLISHERS).sort()).toEqual([...EVENT_NAMES].sort());
    expect(EVENT_NAMES).toHaveLength(24);
  });
});

describe('mayPublish', () => {
  it('lets only the owner of an event publish it', () => {
    expect(mayPublish('quests', 'milestone.completed')).toBe(true);
    expect(mayPublish('auth', 'milestone.completed')).toBe(false);
    expect(mayPublish('auth', 'user.updated')).toBe(true);
    expect(mayPublish('admin', 'user.deletion_requested')).toBe(true);
  });
});
