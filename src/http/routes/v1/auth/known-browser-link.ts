import { z } from 'zod';
import { knownBrowserLinkBody } from '../../../../contract/auth-forms.js';
import {
  KNOWN_BROWSER_LINK_MINUTES,
  requestKnownBrowserLink,
} from '../../../../features/identity/known-browsers.service.js';
import { enforceAddressLimit } from '../../../../features/platform/rate-limits.service.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '/known-browser-link',
    {
      config: { errorCodes: ['rate_limited'], auth: 'public' },
      schema: {
        tags: ['auth'],
        operationId: 'requestKnownBrowserLink',
        summary: 'E-mail a link that lets this browser log in while the account is slowed by failures from elsewhere',
        description:
          `Always 202, whether or not the e-mail has an account (nothing is revealed). An active account gets a one-time link to /known-browser, valid ${KNOWN_BROWSER_LINK_MINUTES} minutes; ` +
          'opening it in this browser makes the browser known to the account, so its next login with ' +
          'the password is not held by the account-wide wait. ' +
          'At most three links per account per quarter hour; 10 requests per address an hour (429).',
        body: knownBrowserLinkBody,
        response: {
          202: z.object({
            sent: z.literal(true).describe('The request was taken; a mail follows if the e-mail has an active account'),
          }),
        },
      },
    },
    async (request, reply) => {
      await enforceAddressLimit(app.services, 'knownBrowserLink', request.ip);
      await requestKnownBrowserLink(app.services, request.body.email, request.ref);
      return reply.code(202).send({ sent: true as const });
    },
  );
});
