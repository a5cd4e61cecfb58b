// Validation messages as sentences a person can act on, the same whether the console's own check or
// the API's found the problem: zod's default English ("Too small: expected string to have >=20
// characters") becomes "Write at least 20 characters explaining the assumptions.", a service's
// fragment ("must be a 21-character CIN …") a sentence, and a field's JSON Pointer its label.
import { financialLabel } from './financial-labels.js';
import { dayShort, parseDay } from './dates-in-words.js';

/** What a free-text field is for, finishing "Write at least N characters …". */
const WRITING_ABOUT: Record<string, string> = {
  rationale: 'explaining the assumptions',
  weightsRationale: 'explaining the weights',
  dlomRationale: 'explaining the discount',
  dlocRationale: 'explaining the discount',
  projectionsReasonableness: 'on why the projections are reasonable',
  source: 'naming where the figures come from',
  comment: 'explaining the decision',
  reason: 'explaining the reason',
  companyBackground: 'about the company',
};

/** The labels of an engagement's editable fields, as its review trail names a change to them. */
export const ENGAGEMENT_FIELD_LABELS: Record<string, string> = {
  targetEntity: 'Target entity',
  cin: 'CIN',
  purpose: 'Purpose',
  valuationDate: 'Valuation date',
  transactionDate: 'Transaction date',
  proposedPricePerShare: 'Proposed price per share',
  appointingAuthority: 'Appointing authority',
  appointmentDate: 'Date of appointment',
  addressee: 'Addressee',
  companyBackground: 'Background of the company',
  valuerSet: 'Set of valuers',
  appointingOfficer: 'Appointing officer',
  freshValuationReason: 'Why a fresh valuation',
};

/** The labels of the fields the console's forms and the API's refusals name. */
const FIELD_LABELS: Record<string, string> = {
  ...ENGAGEMENT_FIELD_LABELS,
  statute: 'Statute',
  wacc: 'WACC',
  terminalGrowthRate: 'Terminal growth',
  rationale: 'Rationale',
  methodWeights: 'Method weights',
  weightsRationale: 'Why these weights',
  dlomPercent: 'Discount for lack of marketability',
  dlomRationale: 'Why this discount',
  dlocPercent: 'Discount for lack of control',
  dlocRationale: 'Why this discount',
  projectionsReasonableness: 'Reasonableness of the projections',
  costOfCapital: 'Cost of capital',
  name: 'Name',
  email: 'E-mail',
  password: 'Password',
  role: 'Role',
  balanceSheet: 'Balance sheet',
  navAdjustments: 'NAV adjustments',
  projections: 'Projections',
  history: 'History',
  shareholding: 'Shareholding',
  shares: 'Shares',
  peers: 'Peers',
  liquidation: 'Liquidation',
  assets: 'Assets',
  equityBridge: 'Equity bridge',
  unit: 'Unit',
  balanceSheetDate: 'Balance sheet date',
  equitySharesOutstanding: 'Equity shares outstanding',
  faceValuePerShare: 'Face value per share',
  year: 'Year',
  designation: 'Designation',
  registrations: 'Registrations',
  number: 'Number',
  comment: 'Comment',
  place: 'Place of signing',
  classes: 'Asset class',
  memberId: 'Valuer',
  coordinatingValuerId: 'Coordinating valuer',
  verification: 'Physical verification',
  inspected: 'What was inspected',
  present: 'Who was present',
  ibbiRegistration: 'IBBI registration',
  appointedOn: 'Date of their appointment',
  classSignatories: 'Signatory of the asset class',
};

function lastKey(path: readonly PropertyKey[] | undefined): string {
  const keys = (path ?? []).filter((k): k is string => typeof k === 'string');
  return keys[keys.length - 1] ?? '';
}

/** zod's issue as a sentence (null: keep zod's own, e.g. a message the schema wrote itself). */
export function issueSentence(
  iss: { code?: string; path?: readonly PropertyKey[]; input?: unknown } & Record<string, unknown>,
): string | null {
  const key = lastKey(iss.path);
  if (iss.code === 'invalid_type' && (iss.input === undefined || iss.input === '' || iss.input === null))
    return 'This is required.';
  if (iss.code === 'invalid_type' && iss.expected === 'number') return 'Enter a number.';
  if (iss.code === 'too_small' && iss.origin === 'string') {
    const min = Number(iss.minimum);
    if (min <= 1) return 'This is required.';
    return `Write at least ${min} characters${WRITING_ABOUT[key] ? ` ${WRITING_ABOUT[key]}` : ''}.`;
  }
  if (iss.code === 'too_big' && iss.origin === 'string')
    return `Keep it to ${Number(iss.maximum)} characters or fewer.`;
  if (iss.code === 'too_small' && iss.origin === 'number')
    return iss.inclusive === false
      ? `Enter more than ${Number(iss.minimum)}.`
      : `Enter ${Number(iss.minimum)} or more.`;
  if (iss.code === 'too_big' && iss.origin === 'number')
    return iss.inclusive === false
      ? `Enter less than ${Number(iss.maximum)}.`
      : `Enter ${Number(iss.maximum)} or less.`;
  if (iss.code === 'invalid_format' && iss.format === 'date') return 'Enter a date.';
  if (iss.code === 'invalid_format' && iss.format === 'email') return 'Enter an e-mail address such as name@firm.in.';
  if (iss.code === 'invalid_value') return 'Choose one of the options.';
  return null;
}

/** zod's default messages as the API sends them, rewritten the way the console's own check says them. */
const DEFAULTS: [RegExp, (m: RegExpExecArray, key: string) => string][] = [
  [
    /^Too small: expected string to have >=?(\d+) characters?$/,
    (m, key) =>
      Number(m[1]) <= 1
        ? 'This is required.'
        : `Write at least ${m[1]} characters${WRITING_ABOUT[key] ? ` ${WRITING_ABOUT[key]}` : ''}.`,
  ],
  [/^Too big: expected string to have <=?(\d+) characters?$/, (m) => `Keep it to ${m[1]} characters or fewer.`],
  [/^Too small: expected number to be >=(-?[\d.]+)$/, (m) => `Enter ${m[1]} or more.`],
  [/^Too small: expected number to be >(-?[\d.]+)$/, (m) => `Enter more than ${m[1]}.`],
  [/^Too big: expected number to be <=(-?[\d.]+)$/, (m) => `Enter ${m[1]} or less.`],
  [/^Too big: expected number to be <(-?[\d.]+)$/, (m) => `Enter less than ${m[1]}.`],
  [/^Invalid input: expected \w+, received undefined$/, () => 'This is required.'],
  [/^Invalid input: expected number.*$/, () => 'Enter a number.'],
  [/^Invalid (ISO )?date.*$/, () => 'Enter a date.'],
  [/^Invalid email.*$/, () => 'Enter an e-mail address such as name@firm.in.'],
  [/^Invalid option: expected one of .*$/, () => 'Choose one of the options.'],
];

/** A day as the API writes it, inside a service's message: shown to a person as "31 Mar 2026". */
const ISO_DAY = /\b\d{4}-\d{2}-\d{2}\b/g;

/** Request lines, API paths and ISO days are for developers: a person is never shown one (a day reads "31 Mar 2026"). */
export function withoutApiPaths(text: string): string {
  return text
    .replace(/\b(GET|POST|PUT|PATCH|DELETE)\s+\/api\/\S+/g, 'this request')
    .replace(/\/api\/v\d+\/\S+/g, 'the service')
    .replace(ISO_DAY, (iso) => (parseDay(iso) === iso ? dayShort(iso) : iso))
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** A field's message as a sentence: zod's defaults rewritten; a fragment ("must be …") capitalised and ended. */
export function sentence(message: string, field = ''): string {
  const m = withoutApiPaths(message.trim());
  for (const [re, make] of DEFAULTS) {
    const hit = re.exec(m);
    if (hit) return make(hit, field);
  }
  if (!m) return m;
  const s = m[0].toUpperCase() + m.slice(1);
  return /[.!?)]$/.test(s) ? s : `${s}.`;
}

/** A JSON Pointer (/costOfCapital/beta, /history/2/ebitda) as the words a person reads: "Cost of capital, beta". */
export function fieldLabel(pointer: string): string {
  const parts = pointer.split('/').filter(Boolean);
  if (parts.length === 0) return '';
  return parts
    .map((p) => (/^\d+$/.test(p) ? `line ${Number(p) + 1}` : (FIELD_LABELS[p] ?? financialLabel(p))))
    .join(', ');
}
