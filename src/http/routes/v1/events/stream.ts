import { z } from 'zod';
import { credentialRecheck, requirePrincipal } from '../../../plugins/auth.js';
import { requireEngagementVisible } from '../../../../features/engagements/engagement-reads.service.js';
import { ENGAGEMENT_EVENT_TYPES } from '../../../../contract/events.js';
import { defineRoute } from '../../define-route.js';

const DESCRIPTION = [
  "Server-Sent Events (`text/event-stream`) of the firm's engagement events, the same events webhooks carry",
  `(${ENGAGEMENT_EVENT_TYPES.map((t) => `\`${t}\``).join(', ')}, …).`,
  'Each message has `id:` (the event id), `event:` (its type) and `data:` (the event JSON: ' +
    '`{id, type, createdAt, sequence, data}`).',
  'Resume after a dropped connection with the `Last-Event-ID` header (browsers send it by ' +
    'themselves) or `lastEventId`:',
  'events after that id are sent first. A comment line (`: heartbeat`) comes every 15 s. Changes made through any',
  'API process reach streams on every other (PostgreSQL NOTIFY on commit). The stream ends when the credential that',
  'opened it is revoked or loses the role (within a second); reconnect then. One credential ' +
    '(API token or browser session)',
  'may hold at most 5 open streams on one API process; another is refused with 429 `too_many_streams`.',
].join(' ');

export default defineRoute((app) => {
  app.get(
    '/stream',
    {
      config: {
        errorCodes: ['not_found', 'too_many_streams'],
        auth: { role: 'VIEWER' },
        produces: { 200: ['text/event-stream'] },
      },
      schema: {
        tags: ['events'],
        operationId: 'streamEvents',
        summary: 'Live engagement events (Server-Sent Events)',
        description: DESCRIPTION,
        querystring: z
          .object({
            engagementId: z.string().max(40).optional().describe("Only this engagement's events"),
            lastEventId: z
              .string()
              .max(40)
              .optional()
              .describe('Resume after this event id (as the Last-Event-ID header)'),
          })
          .strict(),
        response: { 200: z.string().describe('text/event-stream') },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { engagementId } = request.query;
      if (engagementId !== undefined) await requireEngagementVisible(app.services, principal, engagementId);
      const header = request.headers['last-event-id'];
      const lastEventId = (typeof header === 'string' ? header : undefined) ?? request.query.lastEventId;

      // Refused (429) before the response starts when the credential holds its maximum of streams.
      const slot = app.eventHub.reserve(
        principal.kind === 'token' ? `tok:${principal.tokenId}` : `ses:${principal.sessionId}`,
      );
      // Heard from here on, so a client that leaves while the stream is being set up leaves nothing behind.
      const gone = new AbortController();
      const raw = reply.raw;
      raw.on('close', () => gone.abort());
      // Or already gone, while its credential and engagement were being checked.
      if (raw.closed || !raw.socket || raw.socket.destroyed) gone.abort();
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        'x-request-id': request.id,
      });
      // Tells EventSource how long to wait before reconnecting.
      raw.write('retry: 2000\n\n');
      // The response has started: a failure to subscribe (the database unreachable) ends it, and the
      // client reconnects as EventSource does.
      const stream = await app.eventHub
        .subscribe({
          firmId: principal.firmId,
          engagementId,
          lastEventId,
          stillAuthorised: credentialRecheck(app.services, request),
          slot,
          signal: gone.signal,
          sink: {
            send: (row) => raw.write(`id: ${row.id}\nevent: ${row.type}\ndata: ${JSON.stringify(row.payload)}\n\n`),
            heartbeat: () => raw.write(': heartbeat\n\n'),
            end: () => raw.end(),
          },
        })
        .catch((err: unknown) => {
          raw.end();
          throw err;
        });
      if (gone.signal.aborted) raw.end();
      else raw.on('drain', stream.resume);
    },
  );
});
