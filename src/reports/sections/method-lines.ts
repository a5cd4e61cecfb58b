// How a method's lines read in the report: engine codes turned into words, raw amounts formatted,
// result lines emphasised.
import { inUnit, type ReportUnit } from './units.js';
import type { MethodResult } from '../../domain/valuation/types.js';
import { formatDate, formatLineValue, rupees } from '../format.js';

/**
 * The method's lines for the report: amounts in the table's unit (₹ lakh or crore), per-share figures in
 * ₹ with paise. The DCF's per-year lines are left out here: they are the by-year table of the computation.
 */
export function methodLines(m: MethodResult): MethodResult['lines'] {
  if (m.method === 'DCF') return m.lines.filter((l) => !/^FY\d{4} /.test(l.label));
  if (m.method === 'COMPARABLES' || m.method === 'TRANSACTIONS') {
    // Each peer's (deal's) multiple is in the multiples table, and the bridge is the DCF's: not repeated per multiple.
    return m.lines.filter((l) => !isPeerMultiple(l.label) && !BRIDGE_LINE.test(l.label));
  }
  return m.lines;
}

const MULTIPLE = '(EV/EBITDA|EV/Revenue|P/E|P/B)';
const BRIDGE_LINE = new RegExp(`^${MULTIPLE}: (Less|Add): `);
const NOT_A_PEER =
  /^(median|mean|\d+(\.\d+)?th percentile) of |^after a |^after removing |^target |^implied |^(Less|Add): /;
const isPeerMultiple = (label: string) => {
  const m = new RegExp(`^${MULTIPLE}: (.+)$`).exec(label);
  return m !== null && !NOT_A_PEER.test(m[2]);
};

/** The peers' (or deals') multiples as one table: a row each, a column per multiple; an excluded one marked. */
export function multiplesTable(m: MethodResult): { headers: string[]; rows: string[][] } | null {
  if (m.method !== 'COMPARABLES' && m.method !== 'TRANSACTIONS') return null;
  const headers: string[] = [];
  const byPeer = new Map<string, Map<string, string>>();
  for (const l of m.lines) {
    const match = new RegExp(`^${MULTIPLE}: (.+)$`).exec(l.label);
    if (!match || NOT_A_PEER.test(match[2])) continue;
    if (!headers.includes(match[1])) headers.push(match[1]);
    if (!byPeer.has(match[2])) byPeer.set(match[2], new Map());
    byPeer
      .get(match[2])!
      .set(match[1], `${Number(l.value).toFixed(2)}x${l.note?.startsWith('excluded') ? ' (excluded)' : ''}`);
  }
  if (byPeer.size === 0) return null;
  return {
    headers,
    rows: [...byPeer].map(([peer, values]) => [humanise(peer), ...headers.map((h) => values.get(h) ?? '—')]),
  };
}

export function lineRows(m: MethodResult, unit: ReportUnit): string[][] {
  return methodLines(m).map((l) => [
    humanise(l.label),
    l.kind === 'AMOUNT' && /^[-+]?\d+(\.\d+)?$/.test(l.value.trim())
      ? inUnit(l.value, unit)
      : formatLineValue(l.value, l.kind),
    formatNote(l.note ?? ''),
  ]);
}

/**
 * Engine labels may carry codes (LAND_AND_BUILDING, ISSUE_OF_SHARES); readers get words.
 * Known purposes get their short titles, other UPPER_SNAKE codes become sentence case.
 */
export function humanise(text: string): string {
  // Dates as people write them ("31 March 2026"), wherever the engine wrote an ISO date.
  const dated = text.replace(/\b(\d{4}-\d{2}-\d{2})\b/g, (d) => formatDate(d));
  // Single-word codes are caught only before a colon (INVENTORIES: …) so acronyms like WACC stay.
  return dated.replace(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b|\b[A-Z]{5,}(?=:)/g, (code) => {
    if (ACRONYMS.has(code)) return code;
    const known = PURPOSE_SHORT[code];
    if (known) return known;
    const words = code.toLowerCase().split('_').join(' ');
    return words.charAt(0).toUpperCase() + words.slice(1);
  });
}

/** Words a valuer writes in capitals (EV/EBITDA: …), never turned into sentence case. */
const ACRONYMS = new Set(['EBITDA', 'NOPAT', 'FCFF', 'WACC', 'CCPS', 'ESOP']);

export const PURPOSE_SHORT: Record<string, string> = {
  ISSUE_OF_SHARES: 'Issue of shares',
  TRANSFER_OR_RECEIPT: 'Transfer or receipt',
  ISSUE_TO_NON_RESIDENT: 'Issue to a non-resident',
  TRANSFER_RESIDENT_TO_NON_RESIDENT: 'Transfer resident to non-resident',
  TRANSFER_NON_RESIDENT_TO_RESIDENT: 'Transfer non-resident to resident',
};

/** Notes quote raw rupee amounts ("book value 40000000.00"); show them like the value column. */
export function formatNote(note: string): string {
  return humanise(note).replace(/(?<![\d.])-?\d{4,}\.\d{2}(?![\d.])/g, (n) => rupees(n));
}

/** Result lines (totals, per-share values) read better in bold. */
export function emphasisedRows(m: MethodResult): Set<number> {
  const set = new Set<number>();
  methodLines(m).forEach((l, i) => {
    if (
      (l.kind === 'PER_SHARE' && /per (equity )?share|value per|fair market value per/i.test(l.label)) ||
      /^(A|L|\(A.*\)|Enterprise value|Equity value|Sum of present values.*)$/.test(l.label) ||
      /available to equity/i.test(l.label)
    ) {
      set.add(i);
    }
  });
  return set;
}

/**
 * IBC: an asset-class method up to its gross total, the value Regulation 2(1)(k) asks for. The costs of the
 * liquidation and the distribution under section 53 that the engine also computes are not the report's conclusion.
 */
export function grossAssetLines(m: MethodResult): { method: MethodResult; total: string } | null {
  const at = m.lines.findIndex((l) => /^Total .+ of assets$/.test(l.label));
  if (at < 0) return null;
  return { method: { ...m, lines: m.lines.slice(0, at + 1) }, total: m.lines[at].value };
}
