import { ASSET_CLASSES } from '../../contract/registrations.js';
// Schemas and helpers shared by route files: pagination, ids, timestamps.
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.js';
import { ROLES } from '../../contract/roles.js';

export const paginationQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(200).default(50).describe('Page size, 1–200 (default 50)'),
    cursor: z.string().max(200).optional().describe('Opaque cursor from the previous page\'s Link rel="next" header'),
  })
  .strict();

const CURSOR_ID = /^[a-z]{2,5}_[0-9A-HJKMNP-TV-Z]{26}$/;

/** Cursors are opaque: base64url of the last id seen. Anything that does not decode to an id is a 400. */
export function decodeCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!CURSOR_ID.test(id) || Buffer.from(id).toString('base64url') !== cursor) {
    throw badRequest('invalid_cursor', 'The cursor is not one this service issued', [
      { path: '/query/cursor', message: 'invalid cursor' },
    ]);
  }
  return id;
}

/** Sends one page: fetch limit+1 rows, return `limit`, and point rel="next" at the rest. */
export function sendPage<T extends { id: string }>(
  request: FastifyRequest,
  reply: FastifyReply,
  rows: T[],
  limit: number,
): T[] {
  if (rows.length > limit) {
    const page = rows.slice(0, limit);
    const url = new URL(request.url, 'http://x');
    url.searchParams.set('cursor', Buffer.from(page[page.length - 1].id).toString('base64url'));
    url.searchParams.set('limit', String(limit));
    reply.header('link', `<${url.pathname}${url.search}>; rel="next"`);
    return page;
  }
  return rows;
}

export const isoDateTime = z.string().describe('ISO 8601 UTC timestamp');

export const memberSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    status: z
      .enum(['INVITED', 'ACTIVE', 'DEACTIVATED'])
      .describe('DEACTIVATED: signed out and unable to sign in; kept for the audit trail'),
    createdAt: isoDateTime,
    assignable: z
      .boolean()
      .optional()
      .describe('An engagement may be assigned to this member now (active, and a VALUER or an ADMIN)'),
    lastActiveAdmin: z
      .boolean()
      .optional()
      .describe("In the team list: the firm's last active ADMIN, who can be neither demoted nor deactivated"),
    ibbiRegistrations: z
      .array(
        z.object({
          assetClass: z.enum(ASSET_CLASSES),
          number: z.string().describe('e.g. IBBI/RV/01/2020/22222'),
        }),
      )
      .optional()
      .describe(
        "In the team list: the member's IBBI registrations as a registered valuer, by asset class; an IBC " +
          "engagement's set of valuers holds each class by a member registered for it",
      ),
  })
  .meta({ id: 'TeamMember' });

export const firmSchema = z
  .object({
    id: z.string(),
    name: z.string().describe('The display name chosen at sign-up'),
    legalName: z
      .string()
      .nullable()
      .describe(
        'The legal name from Firm settings, printed on every report, certificate and invoice; null ' +
          'until set (the display name is used meanwhile)',
      ),
    defaultSigningPlace: z
      .string()
      .nullable()
      .optional()
      .describe("The firm's usual place of signing, offered at every sign-off (Firm settings); null until set"),
  })
  .meta({ id: 'Firm' });

export { emailSchema, passwordSchema } from '../../contract/auth-forms.js';
