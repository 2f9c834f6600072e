import { BullMqJobQueue } from '@lifequest/platform';
import { describeWithInfra, uniqueName } from '@lifequest/platform/testing';
import { Redis } from 'ioredis';
import { afterAll, expect, it } from 'vitest';
// The queue ai enqueues stories on (internal to ai, read rather than copied).
import { STORY_QUEUE } from '../../services/ai/src/stories/job.ts';

/**
 * The KEDA component scales ai-worker on the length of `<INFRA_PREFIX>:<queue>:wait` (k8s.test.ts checks
 * the ScaledObject names it). This proves that list is where BullMQ keeps the jobs waiting for a worker.
 */
await describeWithInfra('redis', 'the Redis list the KEDA ScaledObject watches', (url) => {
  const prefix = uniqueName('lqkeda');
  const queue = new BullMqJobQueue({ url, prefix });
  const redis = new Redis(url);
  afterAll(async () => {
    await queue.obliterate([STORY_QUEUE]);
    await queue.close();
    redis.disconnect();
  });

  it('holds one entry per story job waiting for a worker', async () => {
    const key = `${prefix}:${STORY_QUEUE}:wait`;
    expect(await redis.llen(key)).toBe(0);
    for (let i = 0; i < 3; i++)
      await queue.enqueue(STORY_QUEUE, { storyId: crypto.randomUUID(), userId: 'u' });
    expect(await redis.type(key)).toBe('list');
    expect(await redis.llen(key)).toBe(3);
  });
});
