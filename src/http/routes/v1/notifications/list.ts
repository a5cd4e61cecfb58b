import { z } from 'zod';
import { requirePrincipal } from '../../../plugins/auth.js';
import { isoDateTime } from '../../../schemas/common.js';
import { BELL_KINDS } from '../../../../contract/notifications.js';
import { myNotifications } from '../../../../features/notifications/notifications.service.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '',
    {
      config: { errorCodes: [], auth: { role: 'VIEWER', userOnly: true } },
      schema: {
        tags: ['auth'],
        operationId: 'listMyNotifications',
        summary: "Your notices (the console's bell): the newest first, with the unread count",
        description:
          'The same notices as the e-mails (assigned to you, waiting for your review, returned for ' +
          'revision, ready for sign-off, signed off, payment received), kept whether or not you ' +
          'receive the e-mail. The console refreshes the count on every engagement event of the live ' +
          'stream.',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }).strict(),
        response: {
          200: z
            .object({
              unread: z.number().int(),
              items: z.array(
                z.object({
                  id: z.string(),
                  kind: z.enum(BELL_KINDS),
                  title: z.string().describe("What happened, as the e-mail's subject says it"),
                  engagementId: z.string(),
                  createdAt: isoDateTime,
                  read: z.boolean(),
                }),
              ),
            })
            .meta({ id: 'Notifications' }),
        },
      },
    },
    async (request) => myNotifications(app.services, requirePrincipal(request), request.query.limit),
  );
});
