import { z } from 'zod';
import { firmSchema, memberSchema } from '../../../schemas/common.js';
import { profileSchema } from '../../../schemas/profile.js';
import { ROLES } from '../../../../contract/roles.js';

export const meSchema = z
  .object({
    kind: z.enum(['user', 'token']),
    role: z.enum(ROLES),
    firm: firmSchema,
    user: memberSchema.optional(),
    profile: profileSchema.optional().describe("A signed-in person's own profile"),
    token: z.object({ id: z.string(), name: z.string() }).optional(),
  })
  .meta({ id: 'Me' });
