import { z } from 'zod';
import { firmSchema, memberSchema } from '../../../schemas/common.js';

export const sessionResponse = z
  .object({
    user: memberSchema,
    firm: firmSchema,
    csrfToken: z.string().describe('Send as X-CSRF-Token on state-changing cookie requests'),
  })
  .meta({ id: 'Session' });
