// The transaction the report prices, as the engagement records it (docs/reports.md, The transaction): the transfer
// and its parties or the issue and its allottees, then the shareholding before and after it.
import { Decimal } from 'decimal.js';
import { grouped, rupees } from '../../contract/money-format.js';
import {
  INSTRUMENT_WORDS,
  shareholdingWithPercentages,
  type TransactionFacts,
} from '../../contract/transaction-facts.js';
import { formatDate } from '../format.js';
import { SIZE, type Writer } from '../pdf/layout.js';
import type { ReportInput } from '../report-input.js';
import { transactionDateLabel } from './transaction-words.js';

/** Rupees to the paisa, grouped the Indian way (₹12,34,567.00). */
const money = (value: Decimal.Value) => rupees(new Decimal(value).toFixed(2, Decimal.ROUND_HALF_UP));
/** A number of shares, grouped the Indian way (12,34,567). */
const shares = (n: number) => grouped(String(n)).body;

export function transactionSection(w: Writer, input: ReportInput): void {
  const t = input.facts?.transaction;
  if (!t) return;
  const dateLabel = transactionDateLabel(input, t.date);
  // The heading keeps the parties (or the first allottees) on its page.
  w.subheading(dateLabel.startsWith('Proposed') ? 'The proposed transaction' : 'The transaction', 130);
  if (t.kind === 'TRANSFER') transfer(w, t, dateLabel);
  else issue(w, t, dateLabel, input.engagement.statute === 'FEMA_RBI');
  shareholding(w, t);
}

function transfer(w: Writer, t: Extract<TransactionFacts, { kind: 'TRANSFER' }>, dateLabel: string): void {
  const perShare = new Decimal(t.consideration).div(t.numberOfShares);
  w.facts(
    [
      ['Transferor', withResidence(t.transferor, t.transferorResidence)],
      ['Transferee', withResidence(t.transferee, t.transfereeResidence)],
      ['Shares transferred', `${shares(t.numberOfShares)} ${INSTRUMENT_WORDS[t.instrument].toLowerCase()}`],
      ['Consideration', `${money(t.consideration)} in all, ${money(perShare)} per share`],
      [dateLabel, formatDate(t.date)],
    ],
    0.3,
  );
}

/** "Anand Deshmukh, resident in India": the party with their residence where it is given. */
const withResidence = (name: string, residence: string | undefined): string =>
  residence ? `${name}, resident in ${residence}` : name;

function issue(w: Writer, t: Extract<TransactionFacts, { kind: 'ISSUE' }>, dateLabel: string, fema: boolean): void {
  const total = t.allottees.reduce((s, a) => s.plus(new Decimal(a.pricePerShare).times(a.number)), new Decimal(0));
  const withCountry = fema || t.allottees.some((a) => a.country);
  const columns = [
    { header: 'Allottee', width: withCountry ? 0.26 : 0.34 },
    ...(withCountry ? [{ header: 'Country', width: 0.12 }] : []),
    { header: 'Instrument', width: withCountry ? 0.18 : 0.22 },
    { header: 'Number', width: 0.12, align: 'right' as const },
    { header: 'Price per share', width: 0.14, align: 'right' as const },
    { header: 'Amount', width: 0.18, align: 'right' as const },
  ];
  const rows = t.allottees.map((a) => [
    a.name,
    ...(withCountry ? [a.country ?? '—'] : []),
    INSTRUMENT_WORDS[a.instrument],
    shares(a.number),
    money(a.pricePerShare),
    money(new Decimal(a.pricePerShare).times(a.number)),
  ]);
  const allotted = t.allottees.reduce((s, a) => s + a.number, 0);
  rows.push(['Total', ...(withCountry ? [''] : []), '', shares(allotted), '', money(total)]);
  w.table(columns, rows, { fontSize: SIZE.small + 0.5 });
  w.labelled(dateLabel, `${formatDate(t.date)}.`);
  if (fema) w.labelled('What this report covers', femaCoverage(t));
}

/** Whether an allottee is a person resident outside India, as its country says. */
export const nonResident = (a: { country?: string }): boolean =>
  a.country !== undefined && a.country.trim().toLowerCase() !== 'india';

/**
 * FEMA: the certificate prices the shares issued to persons resident outside India, all of them; an allottee resident
 * in India takes part in the same allotment but Rule 21 does not govern its shares (docs/reports.md, The transaction).
 */
function femaCoverage(t: Extract<TransactionFacts, { kind: 'ISSUE' }>): string {
  const words = (list: typeof t.allottees) =>
    list
      .map(
        (a) =>
          `${shares(a.number)} ${INSTRUMENT_WORDS[a.instrument].toLowerCase()} to ${a.name} (${a.country}) at ${money(a.pricePerShare)} per share, ${money(new Decimal(a.pricePerShare).times(a.number))} in all`,
      )
      .join('; ');
  const nr = t.allottees.filter(nonResident);
  const resident = t.allottees.filter((a) => !nonResident(a));
  const covered = nr.length
    ? `This report covers the whole of the issue to ${nr.length === 1 ? 'a person' : 'persons'} resident outside India: ${words(nr)}.`
    : 'No allottee is recorded as resident outside India.';
  const rest = resident.length
    ? ` The ${resident.map((a) => `${shares(a.number)} shares to ${a.name}`).join(' and ')}, ${resident.length === 1 ? 'a person' : 'persons'} resident in India, are part of the same allotment at the same price; Rule 21 does not govern ${resident.length === 1 ? 'them' : 'those'}, and they are shown for the shareholding after the allotment.`
    : '';
  return covered + rest;
}

function shareholding(w: Writer, t: TransactionFacts): void {
  w.subheading(`Shareholding before and after the ${t.kind === 'ISSUE' ? 'issue' : 'transfer'}`, 100);
  const rows = shareholdingWithPercentages(t.shareholding);
  const before = rows.reduce((s, r) => s + BigInt(r.before), 0n);
  const after = rows.reduce((s, r) => s + BigInt(r.after), 0n);
  w.table(
    [
      { header: 'Holder', width: 0.4 },
      { header: 'Shares before', width: 0.17, align: 'right' },
      { header: '% before', width: 0.13, align: 'right' },
      { header: 'Shares after', width: 0.17, align: 'right' },
      { header: '% after', width: 0.13, align: 'right' },
    ],
    [
      ...rows.map((r) => [r.holder, shares(r.before), `${r.percentBefore} %`, shares(r.after), `${r.percentAfter} %`]),
      ['Total', grouped(String(before)).body, '100.00 %', grouped(String(after)).body, '100.00 %'],
    ],
    { fontSize: SIZE.small + 0.5 },
  );
}
