// The insolvency facts of an IBC engagement (docs/ibc-valuation.md, The insolvency facts): the bench of the
// National Company Law Tribunal that admitted the application, the petition's number, the admission order's date (the
// insolvency commencement date, s.5(12) of the Code), who applied and under which section, the interim resolution
// professional the order appointed (s.16), the committee of creditors' constitution (s.21) and the meeting at which
// the registered valuers explained their methodology to it (CIRP Reg 35(1)). The report prints them in the words
// given; the dates are checked against each other by src/domain/engagement/insolvency-facts.ts.
import { z } from 'zod';
import { ibbiIpRegistration } from './ibc-appointment.js';

/** Who may apply to initiate a CIRP, by the section of the Code they apply under. */
export const APPLICANT_KINDS = ['FINANCIAL_CREDITOR', 'OPERATIONAL_CREDITOR', 'CORPORATE_APPLICANT'] as const;
export type ApplicantKind = (typeof APPLICANT_KINDS)[number];
export const APPLICANT_KIND_LABELS: Readonly<Record<ApplicantKind, string>> = {
  FINANCIAL_CREDITOR: 'a financial creditor, under section 7 of the Code',
  OPERATIONAL_CREDITOR: 'an operational creditor, under section 9 of the Code',
  CORPORATE_APPLICANT: 'the corporate debtor itself (corporate applicant), under section 10 of the Code',
};
/** The console's short labels. */
export const APPLICANT_KIND_SHORT: Readonly<Record<ApplicantKind, string>> = {
  FINANCIAL_CREDITOR: 'Financial creditor (s.7)',
  OPERATIONAL_CREDITOR: 'Operational creditor (s.9)',
  CORPORATE_APPLICANT: 'Corporate applicant (s.10)',
};

export const insolvencyFactsBody = z
  .object({
    bench: z
      .string()
      .trim()
      .min(5, 'Name the bench of the National Company Law Tribunal, e.g. "National Company Law Tribunal, Mumbai Bench"')
      .max(200)
      .describe('The Adjudicating Authority: the NCLT bench that admitted the application'),
    petitionNumber: z
      .string()
      .trim()
      .min(3, 'Give the company petition number, e.g. "C.P. (IB) No. 512/MB/2026"')
      .max(100)
      .describe('The company petition number, as the order gives it, e.g. "C.P. (IB) No. 512/MB/2026"'),
    admissionOrderDate: z.iso
      .date('Enter the date of the admission order as YYYY-MM-DD')
      .describe(
        'YYYY-MM-DD: the order admitting the application, whose date is the insolvency commencement date (s.5(12)); ' +
          'in a CIRP it is the valuation date, in liquidation on or before it',
      ),
    applicant: z
      .object({
        name: z.string().trim().min(2, 'Name who filed the application').max(200),
        kind: z.enum(APPLICANT_KINDS).describe('Under which section they applied: s.7, s.9 or s.10 of the Code'),
      })
      .strict()
      .describe('Who filed the application to initiate the CIRP'),
    interimResolutionProfessional: z
      .object({
        name: z.string().trim().min(2, 'Name the interim resolution professional').max(200),
        ibbiRegistration: ibbiIpRegistration(),
      })
      .strict()
      .describe('The interim resolution professional the admission order appointed (s.16), in office from its date'),
    publicAnnouncementOn: z.iso
      .date('Enter the date of the public announcement as YYYY-MM-DD')
      .optional()
      .describe(
        'YYYY-MM-DD: the public announcement of the CIRP inviting claims (s.15; CIRP Reg 6), within three days of the ' +
          "interim resolution professional's appointment; claims are due by the 14th day from the commencement date (Reg 12(1))",
      ),
    cocConstitutedOn: z.iso
      .date('Enter the date the committee of creditors was constituted as YYYY-MM-DD')
      .optional()
      .describe(
        'YYYY-MM-DD: the committee of creditors constituted (s.21); required in a CIRP; on or after the admission ' +
          "order and on or before the resolution professional's and the valuers' appointments",
      ),
    methodologyMeeting: z
      .object({
        heldOn: z.iso
          .date('Enter the date of the meeting as YYYY-MM-DD')
          .describe("YYYY-MM-DD: on or after the valuers' appointment, not after the report (checked at the lock)"),
        note: z
          .string()
          .trim()
          .min(10, 'Say in a line how the meeting went, e.g. who attended and whether the methods were questioned')
          .max(1000)
          .optional()
          .describe('In the valuer’s words: who attended, what was explained, what was asked'),
      })
      .strict()
      .optional()
      .describe(
        'Where one was held: the meeting at which the registered valuers explained their methodology to the ' +
          'committee of creditors (CIRP Reg 35(1)), or in liquidation the meeting the liquidator facilitated',
      ),
  })
  .strict()
  .describe(
    'IBC: the insolvency facts the report states (NCLT bench, petition, admission order, applicant, IRP, committee ' +
      'of creditors, methodology meeting); replaces the whole; null clears it; editable until GATE_3 is approved',
  )
  .meta({ id: 'InsolvencyFacts' });
export type InsolvencyFacts = z.output<typeof insolvencyFactsBody>;
