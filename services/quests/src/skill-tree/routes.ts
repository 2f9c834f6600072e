import type { HttpServer } from '@lifequest/platform';
import { SkillTreeResponse } from '@lifequest/proto';
import type { SkillTreeService } from './service.ts';

export function skillTreeRoutes(app: HttpServer, skillTree: SkillTreeService): void {
  app.get(
    '/api/skill-tree',
    { config: { access: 'hero' }, schema: { response: { 200: SkillTreeResponse } } },
    async (request) => {
      return skillTree.forHero(request.hero.userId);
    },
  );
}
