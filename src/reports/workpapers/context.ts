/** What every sheet of the workpapers is written with: the workbook, the valuation, and the cells of the Inputs sheet. */
import type ExcelJS from 'exceljs';
import type { NormalisedFinancials } from '../../domain/financials/normalise.js';
import type { MethodResult, ValuationResult } from '../../domain/valuation/types.js';
import type { KnownFigures } from './cells.js';

export interface WorkpaperInput {
  targetEntity: string;
  financials: NormalisedFinancials;
  valuation: ValuationResult;
}

export interface WorkbookContext {
  wb: ExcelJS.Workbook;
  known: KnownFigures;
  input: WorkpaperInput;
  f: NormalisedFinancials;
  v: ValuationResult;
  /** Adds a workbook-level name (the first address given for a name wins). */
  name: (n: string, address: string) => void;
  method: (code: MethodResult['method']) => MethodResult | undefined;
  /** Each method's value-per-share cell, for the Summary. */
  values: Record<string, string>;
}

/** The Inputs sheet's cells that the method sheets' formulas refer to. */
export interface InputCells {
  wacc: string;
  growth: string;
  midYear: string;
  stub: string;
  dloc: string;
  dlom: string;
  shares: string;
  faceValue: string;
  /** Balance sheet fields and NAV adjustments by field name. */
  bs: Record<string, string>;
  adj: Record<string, string>;
  /** The formula tail from an enterprise value to an equity value (docs/valuation-method.md, Equity bridge). */
  bridge: string;
  /** Each projection field's cells, year by year. */
  projections: Record<string, string[]>;
  totalAssetsF: string;
  totalClaimsF: string;
}

/**
 * IBC CIRP: the coordinating valuer's going-concern DCF of the corporate debtor as the DCF sheet rebuilds it (its
 * lines up to the enterprise value; no equity bridge and no per-share figure), where one was computed.
 */
export function goingConcernMethod(v: ValuationResult): MethodResult | undefined {
  const whole = v.conclusion.corporateDebtor;
  if (!whole?.goingConcernLines?.length || whole.enterpriseValue === null) return undefined;
  return {
    method: 'DCF',
    title: 'The going-concern DCF of the corporate debtor',
    lines: whole.goingConcernLines,
    enterpriseValue: whole.enterpriseValue,
    equityValue: '0',
    valuePerShare: '0',
  };
}
