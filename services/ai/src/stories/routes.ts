import type { HttpServer } from '@lifequest/platform';
import { GeneratedStory, GenerateStoryBody, StoryHistory, StoryStillWriting } from '@lifequest/proto';
import { z } from 'zod';
import type { StoryService } from './service.ts';

export function storyRoutes(app: HttpServer, stories: StoryService): void {
  app.get(
    '/api/narrative/history',
    { config: { access: 'hero' }, schema: { response: { 200: StoryHistory } } },
    async (request) => stories.history(request.hero.userId),
  );

  // 201 with the story once written; 202 'still writing' when the bounded wait runs out first.
  app.post(
    '/api/narrative/generate',
    {
      config: { access: 'hero' },
      schema: { body: GenerateStoryBody, response: { 201: GeneratedStory, 202: StoryStillWriting } },
    },
    async (request, reply) => {
      const outcome = await stories.generate(request.hero.userId, request.body?.achievement_id ?? null);
      return outcome.kind === 'written'
        ? reply.code(201).send({ story: outcome.story })
        : reply.code(202).send(outcome.pending);
    },
  );

  // Where a story answered with 202 stands now: 200 with it, 202 again, or its error.
  app.get(
    '/api/narrative/jobs/:jobId',
    {
      config: { access: 'hero' },
      schema: {
        params: z.object({ jobId: z.uuid({ error: 'jobId must be the id from the 202 answer' }) }),
        response: { 200: GeneratedStory, 202: StoryStillWriting },
      },
    },
    async (request, reply) => {
      const outcome = await stories.outcome(request.hero.userId, request.params.jobId);
      return outcome.kind === 'written'
        ? reply.code(200).send({ story: outcome.story })
        : reply.code(202).send(outcome.pending);
    },
  );
}
