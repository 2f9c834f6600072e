import type { HttpServer } from '@lifequest/platform';
import { IdParams, NotificationItem, NotificationPage, NotificationsQuery } from '@lifequest/proto';
import { z } from 'zod';
import type { NotificationService } from './service.ts';

export function notificationRoutes(app: HttpServer, notifications: NotificationService): void {
  app.get(
    '/api/notifications',
    {
      config: { access: 'hero' },
      schema: { querystring: NotificationsQuery, response: { 200: NotificationPage } },
    },
    async (request) => notifications.page(request.hero.userId, request.query),
  );

  app.post(
    '/api/notifications/read-all',
    { config: { access: 'hero' }, schema: { response: { 200: z.object({ unread: z.number().int() }) } } },
    async (request) => notifications.readAll(request.hero.userId),
  );

  app.post(
    '/api/notifications/:id/read',
    { config: { access: 'hero' }, schema: { params: IdParams, response: { 200: NotificationItem } } },
    async (request) => notifications.read(request.hero.userId, request.params.id),
  );
}
