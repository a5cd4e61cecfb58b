import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseFinancials, type NormalisedFinancials } from '../../../src/domain/financials/normalise.js';
import type { MethodResult, ValuationResult } from '../../../src/domain/valuation/engine.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/financials/', import.meta.url));

export function loadDocument(name: string): Record<string, any> {
  return JSON.parse(readFileSync(`${FIXTURES}${name}`, 'utf8'));
}

export function normalised(document: unknown): NormalisedFinancials {
  const parsed = parseFinancials(document);
  if (!parsed.ok) assert.fail(`fixture does not parse: ${JSON.stringify(parsed.errors)}`);
  return parsed.financials;
}

export function loadFinancials(name: string): NormalisedFinancials {
  return normalised(loadDocument(name));
}

export function method(result: ValuationResult, code: MethodResult['method']): MethodResult {
  const found = result.methods.find((m) => m.method === code);
  if (!found) assert.fail(`method ${code} missing; have ${result.methods.map((m) => m.method).join(', ')}`);
  return found;
}

/** Asserts each expected label has exactly the expected value, in the given order. */
export function assertLines(m: MethodResult, expected: [label: string, value: string][]): void {
  const actual = m.lines.map((l) => [l.label, l.value]);
  const relevant = actual.filter(([label]) => expected.some(([e]) => e === label));
  assert.deepEqual(relevant, expected);
}

/**
 * The same financials with the projection years relabelled to start at `firstYear` (amounts unchanged), for
 * a valuation date in an earlier year: the first projection year must hold the valuation date or start the
 * day after it (docs/valuation-method.md, Stub period).
 */
export function projectionsFrom(f: NormalisedFinancials, firstYear: string): NormalisedFinancials {
  const first = Number(firstYear.slice(2));
  return { ...f, projections: f.projections.map((p, i) => ({ ...p, year: `FY${first + i}` })) };
}
