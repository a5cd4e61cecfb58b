import { z } from 'zod';
import { isoDateTime } from '../../../../schemas/common.js';

export const apiTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().describe('First 8 characters, to recognise the token'),
    createdBy: z.string().describe('The user who created it (usr_…)'),
    createdAt: isoDateTime,
    expiresAt: isoDateTime.nullable(),
    lastUsedAt: isoDateTime.nullable(),
    revokedAt: isoDateTime.nullable(),
  })
  .meta({ id: 'ApiToken' });
