import { z } from 'zod';
import { addresseeTemplatesSchema } from '../../contract/firm-profile.js';
import { registrationSchema } from '../../contract/registrations.js';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../contract/notifications.js';

export const profileSchema = z
  .object({
    name: z.string(),
    designation: z.string().nullable(),
    registrations: z
      .array(registrationSchema)
      .describe('The registrations that qualify this person to sign (GATE_3) and print on FINAL reports'),
    notificationPreferences: z
      .object(
        Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, z.boolean()])) as Record<NotificationKind, z.ZodBoolean>,
      )
      .describe(
        'Which e-mails this person receives, each kind on (true) or off (false): ASSIGNED (an ' +
          'engagement assigned to them), REVIEW_WAITING (Gate 2 waiting for their independent ' +
          'review), RETURNED_FOR_REVISION (their engagement returned, with the reason), ' +
          'READY_FOR_SIGN_OFF (Gate 3, ADMINs qualified to sign), SIGNED_AND_ISSUED (signed off: the ' +
          'assignee and the signatory), PAYMENT_CAPTURED (ADMINs)',
      ),
  })
  .meta({ id: 'Profile' });

export const firmProfileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    legalName: z.string().describe('Printed on reports and certificates (defaults to the firm name)'),
    address: z.string().nullable(),
    ibbiRegistration: z.string().nullable().describe('IBBI/RV-E/… when the firm is a registered valuer entity'),
    icaiFirmRegistrationNumber: z
      .string()
      .nullable()
      .describe("The firm's ICAI Firm Registration Number (e.g. 123456W), printed where a partner signs as a CA"),
    gstin: z.string().nullable().describe("The firm's GSTIN, printed on its tax invoices"),
    demo: z.boolean().describe('The demo firm seeded on first start: its credentials are made up and reports say so'),
    defaultSigningPlace: z
      .string()
      .nullable()
      .describe('Offered as the place of signing at every sign-off; the partner may change it there'),
    addresseeTemplates: addresseeTemplatesSchema,
  })
  .meta({ id: 'FirmProfile' });
