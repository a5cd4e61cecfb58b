// The demo firm seeded on first start: its made-up registrations, in one place, so the seed writes them
// and clearing the demo flag can tell when none of them is left.

export const DEMO_FIRM_IBBI_REGISTRATION = 'IBBI/RV-E/02/2020/100';
export const DEMO_FIRM_ICAI_FRN = '000000W';

export const DEMO_PERSON_REGISTRATIONS = [
  {
    type: 'IBBI_RV' as const,
    number: 'IBBI/RV/03/2019/10000',
    assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' as const,
    rvo: 'Demo RVO',
  },
  { type: 'SEBI_MERCHANT_BANKER' as const, number: 'INM000000000' },
  { type: 'ICAI_MEMBERSHIP' as const, number: '000000' },
];

/** The made-up registration numbers: a firm holding any of them is still a demo. */
export const DEMO_REGISTRATION_NUMBERS: ReadonlySet<string> = new Set([
  DEMO_FIRM_IBBI_REGISTRATION,
  DEMO_FIRM_ICAI_FRN,
  ...DEMO_PERSON_REGISTRATIONS.map((r) => r.number),
]);
