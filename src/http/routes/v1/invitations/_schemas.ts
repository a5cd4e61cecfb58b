import { z } from 'zod';

import { isoDateTime } from '../../../schemas/common.js';
import { ROLES } from '../../../../contract/roles.js';

export const invitationSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    createdAt: isoDateTime,
    expiresAt: isoDateTime,
    expired: z.boolean(),
    resentAt: isoDateTime.nullable(),
  })
  .meta({ id: 'Invitation' });
export const params = z.object({ invitationId: z.string() });
export const rule = { auth: { role: 'ADMIN' as const, userOnly: true } };
