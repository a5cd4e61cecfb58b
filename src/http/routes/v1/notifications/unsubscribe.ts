// One-click opt-out (RFC 8058): the address of an e-mail's List-Unsubscribe header, and what the console's
// /unsubscribe page calls. No sign-in: the signed token names the person and the kind of e-mail. A mail
// program POSTs `List-Unsubscribe=One-Click` as a form, so any body is accepted here and ignored.
import { z } from 'zod';
import type { AppInstance } from '../../../types.js';
import { NOTIFICATION_KINDS } from '../../../../contract/notifications.js';
import { unsubscribe } from '../../../../features/notifications/unsubscribe.service.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.register(async (scope: AppInstance) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) =>
      done(null, undefined),
    );
    scope.post(
      '/unsubscribe',
      {
        config: { errorCodes: ['invalid_unsubscribe_link'], auth: 'public' },
        schema: {
          tags: ['auth'],
          operationId: 'unsubscribeFromMail',
          summary: 'One-click opt-out from one kind of e-mail (List-Unsubscribe-Post)',
          description:
            "The token is the one in the e-mail's List-Unsubscribe header and opt-out link; it switches that kind " +
            'of e-mail off for the person it was sent to (the profile can switch it on again). Any body (a mail ' +
            "program's `List-Unsubscribe=One-Click` form) is ignored.",
          querystring: z.object({ token: z.string().min(1).max(500) }).strict(),
          response: {
            200: z.object({
              kind: z.enum(NOTIFICATION_KINDS),
              label: z.string().describe('What the e-mails switched off were about, in words'),
              email: z.string().describe('The address that will no longer receive them'),
            }),
          },
        },
      },
      async (request) => unsubscribe(app.services, request.query.token, request.ref),
    );
  });
});
