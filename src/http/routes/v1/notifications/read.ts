import { z } from 'zod';
import { requirePrincipal } from '../../../plugins/auth.js';
import { markRead } from '../../../../features/notifications/notifications.service.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '/read',
    {
      config: { errorCodes: [], auth: { role: 'VIEWER', userOnly: true } },
      schema: {
        tags: ['auth'],
        operationId: 'markNotificationsRead',
        summary: 'Mark your notices read',
        description:
          'The ids given, or every notice when none is given. Ids of notices that are not yours change nothing.',
        body: z.object({ ids: z.array(z.string().min(1).max(100)).max(100).optional() }).strict(),
        response: { 200: z.object({ unread: z.number().int() }) },
      },
    },
    async (request) => markRead(app.services, requirePrincipal(request), request.body.ids),
  );
});
