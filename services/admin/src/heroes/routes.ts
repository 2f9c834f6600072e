import { type HttpServer, requireAdmin } from '@lifequest/platform';
import { AdminUserList } from '@lifequest/proto';
import type { AdminUsers } from './service.ts';

export function heroRoutes(app: HttpServer, users: AdminUsers): void {
  app.get('/api/admin/users', { schema: { response: { 200: AdminUserList } } }, async (request) => {
    requireAdmin(request);
    return users.list();
  });
}
