// The firm's profile as a PATCH takes it (Firm settings), apart from the people's registrations: its numbers,
// its GSTIN and its defaults for every engagement (docs/decisions.md, Firm defaults). Its own module, so that the
// console loads it with the settings page only.
import { z } from 'zod';
import { GSTIN_CHECK_SENTENCE, GSTIN_PATTERN, isValidGstin } from './gst.js';
import { STATUTES, type Statute } from './vocabulary.js';
import { IBBI_RV_ENTITY_PATTERN, ICAI_FRN_PATTERN, number } from './registrations.js';

/** Per statute, the addressee of a report whose engagement names none; {company} stands for the company's name. */
export const addresseeTemplatesSchema = z
  .object(
    Object.fromEntries(
      STATUTES.map((s) => [
        s,
        z
          .string()
          .trim()
          .min(2, 'Write to whom the report is addressed, e.g. "Board of Directors of {company}"')
          .max(300)
          .optional(),
      ]),
    ) as Record<Statute, z.ZodOptional<z.ZodString>>,
  )
  .strict()
  .describe(
    'Per statute (RULE_11UA, COMPANIES_ACT_SEC_62, FEMA_RBI, IBC_LIQUIDATION), the addressee of a report whose ' +
      'engagement names none, e.g. "Board of Directors of {company}" ({company} becomes the company\'s name); ' +
      'without one the report is addressed to the appointing authority. A PATCH replaces the whole set',
  );

/** An addressee template filled in for one company. */
export const addresseeFor = (template: string, company: string) => template.replaceAll('{company}', company);

export const firmPatchBody = z
  .object({
    legalName: z.string().trim().min(2).max(200).optional(),
    address: z.string().trim().max(500).nullable().optional(),
    ibbiRegistration: number(IBBI_RV_ENTITY_PATTERN, 'IBBI/RV-E/02/2020/123 (registration year 2017 or later)', 3)
      .nullable()
      .optional()
      .describe("The firm's IBBI registration as a registered valuer entity, where it is one"),
    icaiFirmRegistrationNumber: z
      .string()
      .trim()
      .toUpperCase()
      .regex(ICAI_FRN_PATTERN, 'must be six digits and the region letter (C, E, N, S or W), e.g. 123456W')
      .nullable()
      .optional()
      .describe(
        "The firm's ICAI Firm Registration Number (123456W; an LLP's as 117366W/W100018), printed with the " +
          "firm where a partner signs as a chartered accountant; a CA's sign-off needs it",
      ),
    gstin: z
      .string()
      .trim()
      .toUpperCase()
      .regex(GSTIN_PATTERN, 'must be a 15-character GSTIN such as 27AAAPL1234C1ZE')
      // The 15th character checks the first fourteen (src/contract/gst.ts).
      .refine((v) => !GSTIN_PATTERN.test(v) || isValidGstin(v), GSTIN_CHECK_SENTENCE)
      .nullable()
      .optional()
      .describe(
        "The firm's GSTIN, printed on its tax invoices; its state code decides CGST + SGST (same " +
          'state as the operator) or IGST',
      ),
    defaultSigningPlace: z
      .string()
      .trim()
      .min(2, 'Name the city where the firm usually signs, e.g. "Mumbai"')
      .max(100)
      .nullable()
      .optional()
      .describe('The place of signing offered at every sign-off (the partner may change it there); null clears it'),
    addresseeTemplates: addresseeTemplatesSchema.optional(),
    demo: z
      .literal(false)
      .optional()
      .describe(
        'false clears the demo flag of the firm seeded on first start (its reports stop saying ' +
          '"demo"), once neither the firm nor any active member holds one of its made-up ' +
          'registrations (409 demo_registrations otherwise); it cannot be set again',
      ),
  })
  .strict()
  .meta({ id: 'FirmProfilePatch' });
