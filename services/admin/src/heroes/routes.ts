import type { HttpServer } from '@lifequest/platform';
import { AdminUserList } from '@lifequest/proto';
import type { AdminUsers } from './service.ts';

export function heroRoutes(app: HttpServer, users: AdminUsers): void {
  app.get(
    '/api/admin/users',
    { config: { access: 'admin' }, schema: { response: { 200: AdminUserList } } },
    async () => users.list(),
  );
}
