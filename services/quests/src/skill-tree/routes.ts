import { type HttpServer, requireHero } from '@lifequest/platform';
import { SkillTreeResponse } from '@lifequest/proto';
import type { SkillTreeService } from './service.ts';

export function skillTreeRoutes(app: HttpServer, skillTree: SkillTreeService): void {
  app.get('/api/skill-tree', { schema: { response: { 200: SkillTreeResponse } } }, async (request) => {
    return skillTree.forHero(requireHero(request).userId);
  });
}
