import { notificationPreferencesSchema } from './notifications.js';
// A signatory's professional registrations and the firm's profile: request bodies shared by the API
// and the console. Formats (docs/statutes.md):
//  - IBBI registered valuer (individual): IBBI/RV/<2-digit RVO>/<year>/<5-digit serial>, e.g. IBBI/RV/03/2019/12345,
//    with its asset class and, optionally, the registered valuers organisation (RVO) that enrolled the valuer;
//  - IBBI registered valuer entity (a firm): IBBI/RV-E/<2-digit RVO>/<year>/<3–5-digit serial>;
//  - SEBI merchant banker: INM followed by 9 digits, e.g. INM000012345;
//  - ICAI membership (chartered accountant): 6 digits;
//  - ICMAI membership (cost accountant; a practising one may certify a FEMA valuation): 3 to 6 digits.
import { z } from 'zod';

export const ASSET_CLASSES = ['SECURITIES_OR_FINANCIAL_ASSETS', 'LAND_AND_BUILDING', 'PLANT_AND_MACHINERY'] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

const registrationYear = (n: string, at: number) => {
  const year = Number(n.split('/')[at]);
  return year >= 2017 && year <= new Date().getUTCFullYear();
};

export const IBBI_RV_PATTERN = /^IBBI\/RV\/\d{2}\/\d{4}\/\d{5}$/;
export const IBBI_RV_ENTITY_PATTERN = /^IBBI\/RV-E\/\d{2}\/\d{4}\/\d{3,5}$/;
export const SEBI_MB_PATTERN = /^INM\d{9}$/;
export const ICAI_MEMBERSHIP_PATTERN = /^\d{6}$/;
export const ICMAI_MEMBERSHIP_PATTERN = /^\d{3,6}$/;
/**
 * ICAI Firm Registration Number: six digits and the regional council's letter (C, E, N, S or W), e.g.
 * 123456W; a firm converted to an LLP adds its LLP number after a slash, e.g. 117366W/W100018.
 */
export const ICAI_FRN_PATTERN = /^\d{6}[CENSW](\/[CENSW]-?\d{6})?$/;

/** A registration number of the given shape (and registration year, where `yearAt` says where it sits). */
export const number = (pattern: RegExp, example: string, yearAt?: number) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .refine(
      (v) => pattern.test(v) && (yearAt === undefined || registrationYear(v, yearAt)),
      `must look like ${example}`,
    );

export const registrationSchema = z
  .discriminatedUnion('type', [
    z
      .object({
        type: z.literal('IBBI_RV'),
        number: number(IBBI_RV_PATTERN, 'IBBI/RV/03/2019/12345 (registration year 2017 or later)', 3),
        assetClass: z.enum(ASSET_CLASSES),
        rvo: z.string().trim().min(2).max(200).optional().describe('The registered valuers organisation'),
      })
      .strict(),
    z.object({ type: z.literal('SEBI_MERCHANT_BANKER'), number: number(SEBI_MB_PATTERN, 'INM000012345') }).strict(),
    z
      .object({ type: z.literal('ICAI_MEMBERSHIP'), number: number(ICAI_MEMBERSHIP_PATTERN, '123456 (six digits)') })
      .strict(),
    z
      .object({
        type: z.literal('ICMAI_MEMBERSHIP'),
        number: number(ICMAI_MEMBERSHIP_PATTERN, '12345 (three to six digits)'),
      })
      .strict()
      .describe(
        'A member of the Institute of Cost Accountants of India (ICMAI): a practising cost ' +
          'accountant may certify a FEMA (NDI Rule 21) valuation',
      ),
  ])
  .meta({ id: 'Registration' });
export type Registration = z.output<typeof registrationSchema>;

export const profilePatchBody = z
  .object({
    name: z.string().trim().min(1).max(200).optional().describe('Display name, as printed on reports'),
    designation: z.string().trim().max(200).nullable().optional().describe('e.g. Partner; printed under the signature'),
    registrations: z.array(registrationSchema).max(10).optional().describe('Replaces the whole list'),
    notificationPreferences: notificationPreferencesSchema
      .optional()
      .describe('Switches e-mails on (true) or off (false) by kind; the kinds not given keep their setting'),
  })
  .strict()
  .meta({ id: 'ProfilePatch' });

/** ICAI's Unique Document Identification Number: YY + six-digit membership number + ten letters and digits (docs/statutes.md). */
export const UDIN_PATTERN = /^\d{2}\d{6}[A-Z0-9]{10}$/;
