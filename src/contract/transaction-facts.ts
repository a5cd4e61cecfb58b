// The transaction a report prices, as the engagement records it (docs/reports.md, The transaction): the parties to a
// transfer or receipt, or the allottees of an issue, and the shareholding before and after it. Shared by the API
// (request validation, OpenAPI) and the console's form, so the valuer sees the server's rules before submitting.
import { z } from 'zod';

/** The classes of share or instrument a transaction moves (the codes of the financials' capital table). */
export const TRANSACTION_INSTRUMENTS = ['EQUITY', 'CCPS', 'CCD', 'PREFERENCE'] as const;
export type TransactionInstrument = (typeof TRANSACTION_INSTRUMENTS)[number];

/** The instruments in the valuer's words, for the console and the report. */
export const INSTRUMENT_WORDS: Record<TransactionInstrument, string> = {
  EQUITY: 'Equity shares',
  CCPS: 'Compulsorily convertible preference shares',
  CCD: 'Compulsorily convertible debentures',
  PREFERENCE: 'Preference shares',
};

const RUPEES_RULE = 'must be decimal rupees greater than 0 with at most 2 decimals, e.g. "245.50"';
const rupeesAmount = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, RUPEES_RULE)
    .refine((v) => /[1-9]/.test(v), RUPEES_RULE)
    .describe(what);

const count = (what: string) =>
  z
    .number()
    .int('must be a whole number of shares')
    .positive('must be more than 0')
    .max(1e14, 'is too many shares')
    .describe(what);

const holding = (what: string) =>
  z.number().int('must be a whole number of shares').min(0).max(1e14, 'is too many shares').describe(what);

const party = (what: string) =>
  z.string().trim().min(2, `Name the ${what}`).max(300).describe(`The ${what}, by name as in the share register`);

const transactionDate = z.iso.date('Enter the date as YYYY-MM-DD');

/** One holder's shares before and after the transaction; the service works out the percentages. */
export const shareholdingRowBody = z
  .object({
    holder: z.string().trim().min(2, 'Name the holder').max(300).describe('The holder, as in the register of members'),
    before: holding('Shares held before the transaction (0 for a new holder)'),
    after: holding('Shares held after the transaction'),
  })
  .strict();

const shareholding = z
  .array(shareholdingRowBody)
  .min(1, 'List the holders before and after the transaction')
  .max(200)
  .describe(
    'Every holder before and after the transaction (an "Other shareholders" row may stand for the rest); ' +
      'the report prints each percentage of the total, worked out by the service',
  );

/** Where a party to a transfer is resident: a transfer between a resident and a non-resident is also priced under FEMA. */
const residence = (who: string) =>
  z
    .string()
    .trim()
    .min(2, `Name the country of residence of the ${who}`)
    .max(100)
    .optional()
    .describe(`The ${who}'s country of residence, e.g. "India"; the report states it beside the name`);

export const transferFactsBody = z
  .object({
    kind: z.literal('TRANSFER').describe('A transfer or receipt of shares already issued'),
    transferor: party('transferor (the seller)'),
    transferee: party('transferee (the buyer)'),
    transferorResidence: residence('transferor'),
    transfereeResidence: residence('transferee'),
    numberOfShares: count('How many shares change hands'),
    instrument: z.enum(TRANSACTION_INSTRUMENTS).describe('The class of the shares transferred'),
    consideration: rupeesAmount('The total consideration for the shares, decimal rupees, e.g. "12500000.00"'),
    date: transactionDate.describe('YYYY-MM-DD: the date of the transfer, made or proposed'),
    shareholding,
  })
  .strict();

export const allotteeBody = z
  .object({
    name: party('allottee'),
    country: z
      .string()
      .trim()
      .min(2, 'Name the country of the allottee')
      .max(100)
      .optional()
      .describe("The allottee's country of residence; required for a FEMA issue to a non-resident"),
    instrument: z.enum(TRANSACTION_INSTRUMENTS).describe('What is allotted: equity shares, CCPS, CCDs'),
    number: count('How many shares (or instruments) are allotted to this allottee'),
    pricePerShare: rupeesAmount('The issue price per share (or instrument), decimal rupees, e.g. "245.50"'),
  })
  .strict();

export const issueFactsBody = z
  .object({
    kind: z.literal('ISSUE').describe('An issue or allotment of new shares'),
    allottees: z.array(allotteeBody).min(1, 'Name at least one allottee').max(100),
    date: transactionDate.describe('YYYY-MM-DD: the proposed date of the allotment'),
    shareholding,
  })
  .strict();

export const transactionFactsBody = z
  .discriminatedUnion('kind', [transferFactsBody, issueFactsBody])
  .describe(
    'The transaction the report prices: for a transfer or receipt the transferor, the transferee, the number and ' +
      'class of shares, the consideration and the date; for an issue each allottee (with their country for FEMA), ' +
      'the instrument, the number and the price, and the proposed date; for both the shareholding before and ' +
      'after. Printed in the report (docs/reports.md, The transaction)',
  );
export type TransactionFacts = z.infer<typeof transactionFactsBody>;

export const appointmentBasisBody = z
  .string()
  .trim()
  .min(10, 'Say under which provision and by whom the valuer was appointed')
  .max(1000)
  .describe(
    'The basis of the appointment, e.g. "Section 247(1) of the Companies Act, 2013: appointed by the audit ' +
      'committee" (or by the board of directors where the company has no audit committee)',
  );

export const engagementLetterDateBody = z.iso
  .date('Enter the date of the engagement letter as YYYY-MM-DD')
  .describe('YYYY-MM-DD: the date of the engagement letter; not later than today in India (so never after the report)');

/** The presets the console offers for the basis of the appointment (the valuer may write their own). */
export const APPOINTMENT_BASIS_PRESETS = [
  'Section 247(1) of the Companies Act, 2013: appointed by the audit committee of the company',
  'Section 247(1) of the Companies Act, 2013: appointed by the board of directors, the company having no audit committee',
] as const;

/** The kind of transaction an engagement's statute and purpose price; null where either may be (no purpose yet) or none (IBC). */
export function transactionKindFor(statute: string, purpose: string | null | undefined): 'TRANSFER' | 'ISSUE' | null {
  if (statute === 'COMPANIES_ACT_SEC_62') return 'ISSUE';
  if (statute === 'IBC_LIQUIDATION') return null;
  if (purpose === 'ISSUE_OF_SHARES' || purpose === 'ISSUE_TO_NON_RESIDENT') return 'ISSUE';
  if (purpose === 'TRANSFER_OR_RECEIPT' || purpose?.startsWith('TRANSFER_')) return 'TRANSFER';
  return null; // no purpose yet: either kind
}

export interface FactError {
  path: string;
  message: string;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const fmt = (n: bigint) => n.toString();

/**
 * The rules across fields (docs/reports.md, The transaction): the kind fits the statute and purpose; a FEMA allottee
 * names a country; and the shareholding after is the shareholding before moved by the transaction: an allottee's
 * holding grows by what is allotted to them, a transferor's falls and a transferee's grows by the shares transferred,
 * and every other holder's is unchanged.
 */
export function transactionFactErrors(
  t: TransactionFacts,
  statute: string,
  purpose: string | null | undefined,
): FactError[] {
  const errors: FactError[] = [];
  const expected = transactionKindFor(statute, purpose);
  if (statute === 'IBC_LIQUIDATION') {
    return [{ path: '/transaction', message: 'an IBC valuation prices no transfer or issue' }];
  }
  if (expected && t.kind !== expected) {
    errors.push({
      path: '/transaction/kind',
      message: `must be ${expected} for ${statute}${purpose ? ` ${purpose}` : ''}`,
    });
  }
  const moves = new Map<number, bigint>();
  const rowOf = (name: string) => t.shareholding.findIndex((r) => sameName(r.holder, name));
  const move = (name: string, by: bigint, path: string, who: string) => {
    const i = rowOf(name);
    if (i < 0) errors.push({ path, message: `${who} "${name}" must appear in the shareholding` });
    else moves.set(i, (moves.get(i) ?? 0n) + by);
  };
  if (t.kind === 'ISSUE') {
    t.allottees.forEach((a, i) => {
      if (statute === 'FEMA_RBI' && !a.country) {
        errors.push({ path: `/transaction/allottees/${i}/country`, message: 'is required for a FEMA issue' });
      }
      move(a.name, BigInt(a.number), `/transaction/allottees/${i}/name`, 'the allottee');
    });
  } else {
    if (sameName(t.transferor, t.transferee)) {
      errors.push({ path: '/transaction/transferee', message: 'must differ from the transferor' });
    }
    move(t.transferor, -BigInt(t.numberOfShares), '/transaction/transferor', 'the transferor');
    move(t.transferee, BigInt(t.numberOfShares), '/transaction/transferee', 'the transferee');
  }
  t.shareholding.forEach((r, i) => {
    if (t.shareholding.findIndex((o) => sameName(o.holder, r.holder)) !== i) {
      errors.push({ path: `/transaction/shareholding/${i}/holder`, message: 'is listed twice' });
      return;
    }
    const expectedAfter = BigInt(r.before) + (moves.get(i) ?? 0n);
    if (BigInt(r.after) !== expectedAfter) {
      const by = moves.get(i) ?? 0n;
      errors.push({
        path: `/transaction/shareholding/${i}/after`,
        message:
          by === 0n
            ? `must equal the holding before (${fmt(BigInt(r.before))}): the transaction does not change it`
            : `must be ${fmt(expectedAfter)}: ${fmt(BigInt(r.before))} before ${by > 0n ? '+' : '−'} ${fmt(by < 0n ? -by : by)} ${t.kind === 'ISSUE' ? 'allotted' : 'transferred'}`,
      });
    }
  });
  return errors;
}

/** A holding as a percentage of the total, to 2 decimals (half up), worked out in whole numbers. */
export function percentOf(part: number, total: bigint): string {
  if (total === 0n) return '0.00';
  const hundredths = (BigInt(part) * 20000n + total) / (2n * total);
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

/** The shareholding with each holder's percentage before and after (of each column's total). */
export function shareholdingWithPercentages(rows: TransactionFacts['shareholding']) {
  const totalBefore = rows.reduce((s, r) => s + BigInt(r.before), 0n);
  const totalAfter = rows.reduce((s, r) => s + BigInt(r.after), 0n);
  return rows.map((r) => ({
    ...r,
    percentBefore: percentOf(r.before, totalBefore),
    percentAfter: percentOf(r.after, totalAfter),
  }));
}
