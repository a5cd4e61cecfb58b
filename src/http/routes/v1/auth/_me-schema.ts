import { z } from 'zod';
import { firmSchema, memberSchema } from '../../../schemas/common.js';
import { profileSchema } from '../../../schemas/profile.js';
import { ROLES } from '../../../../contract/roles.js';
import { FIRM_ACTION_NAMES } from '../../../../contract/engagement-actions.js';

export const meSchema = z
  .object({
    kind: z.enum(['user', 'token']),
    role: z.enum(ROLES),
    firm: firmSchema,
    user: memberSchema.optional(),
    profile: profileSchema.optional().describe("A signed-in person's own profile"),
    token: z.object({ id: z.string(), name: z.string() }).optional(),
    can: z
      .object(
        Object.fromEntries(FIRM_ACTION_NAMES.map((n) => [n, z.boolean()])) as Record<
          (typeof FIRM_ACTION_NAMES)[number],
          z.ZodBoolean
        >,
      )
      .describe(
        'What the caller may do in the firm: createEngagement (VALUER or above), manageTeam, manageApiTokens, ' +
          'manageWebhooks and editFirmProfile (a signed-in ADMIN), useInbox (a signed-in person), ' +
          "saveCostOfCapital (VALUER or above: save or delete the firm's cost-of-capital build-ups)",
      ),
  })
  .meta({ id: 'Me' });
