import type { NormalisedFinancials, NormalisedProjection } from '../financials/normalise.js';
import { amountLine, countLine, factorLine, percentLine } from './lines.js';
import { Dec, HUNDRED, ONE, ZERO, dec, percentToFraction, plain, sum, toPaise } from './money.js';
import type { MethodResult, ValuationLine } from './types.js';
import { discountExponent, financialYearStart, isFullYear, type StubPeriod } from './stub.js';
import { incomeTaxRegime } from './law-in-force.js';
import { basicValuePerShare, perShare, perShareLines, type PerShare } from './dilution.js';
import { bridgeLines, equityBridgeItems, equityFromEnterpriseValue, type EquityBridge } from './equity-bridge.js';

/** WACC and terminal growth in percent (12.5 = 12.5 %). */
export interface DcfAssumptions {
  wacc: Dec;
  growth: Dec;
  midYear: boolean;
  /** A valuation date inside the first projection year; absent or s = 1 for a full first year. */
  stub?: StubPeriod;
}

export interface DcfYear {
  year: string;
  t: number;
  ebitda: Dec;
  depreciationAndAmortisation: Dec;
  ebit: Dec;
  /** s.72: business loss from earlier projection years still available (after any lapse). */
  lossBroughtForward: Dec;
  /** Loss older than eight years that could no longer be set off this year. */
  lossLapsed: Dec;
  lossSetOff: Dec;
  taxableEbit: Dec;
  lossCarriedForward: Dec;
  taxRate: Dec;
  /** Tax on the taxable EBIT (EBIT after loss set-off); never negative. */
  taxOnEbit: Dec;
  nopat: Dec;
  capitalExpenditure: Dec;
  changeInNetWorkingCapital: Dec;
  fcff: Dec;
  /** The FCFF the valuation counts: s × FCFF in year 1 under a stub period, else the FCFF. */
  fcffCounted: Dec;
  /** The discount exponent (docs/valuation-method.md, Stub period). */
  discountPeriod: Dec;
  discountFactor: Dec;
  presentValue: Dec;
}

/**
 * A business loss is carried forward for eight years: s.72 of the Income-tax Act, 1961, and s.112 of
 * the Income-tax Act, 2025 for a tax year beginning on or after 1 April 2026 (the 2025 Act's s.72 is
 * the capital-gains computation). Each projection year cites the section of its own tax year.
 */
export const LOSS_CARRY_FORWARD_YEARS = 8;

/** The loss carry-forward section for a projection year (FY2027 is the tax year from 1 April 2026). */
export function lossCarryForwardSection(year: string): 's.72' | 's.112' {
  return incomeTaxRegime(financialYearStart(year)) === 'INCOME_TAX_ACT_2025' ? 's.112' : 's.72';
}

/** The sections the projection years cite, in words: "s.72 of the Income-tax Act, 1961 (FY2026) and s.112 of the Income-tax Act, 2025 (FY2027–FY2031)". */
export function lossCarryForwardCitation(years: readonly string[]): string {
  const groups: { section: 's.72' | 's.112'; years: string[] }[] = [];
  for (const y of years) {
    const section = lossCarryForwardSection(y);
    if (groups.length > 0 && groups[groups.length - 1].section === section) groups[groups.length - 1].years.push(y);
    else groups.push({ section, years: [y] });
  }
  const act = (section: string) => (section === 's.112' ? 'the Income-tax Act, 2025' : 'the Income-tax Act, 1961');
  const span = (ys: string[]) => (ys.length === 1 ? ys[0] : `${ys[0]}–${ys[ys.length - 1]}`);
  if (groups.length === 1) return `${groups[0].section} of ${act(groups[0].section)}`;
  return groups.map((g) => `${g.section} of ${act(g.section)} (${span(g.years)})`).join(' and ');
}

/** The value per share (PerShare) is fully diluted where the capital table holds dilutive instruments. */
export interface DcfComputation extends PerShare {
  years: DcfYear[];
  /**
   * FCFF of the final year with tax on its whole EBIT (no set-off of earlier losses), the basis
   * of the terminal value: a perpetuity cannot keep a one-off set-off.
   */
  terminalFcff: Dec;
  sumOfPresentValues: Dec;
  terminalValue: Dec;
  /** The final year's end-of-year exponent, s + n − 1 (n without a stub). */
  terminalDiscountPeriod: Dec;
  terminalDiscountFactor: Dec;
  presentValueOfTerminalValue: Dec;
  enterpriseValue: Dec;
  bridge: EquityBridge;
  equityValue: Dec;
  sharesOutstanding: Dec;
}

export function computeDcf(f: NormalisedFinancials, a: DcfAssumptions): DcfComputation {
  const w = percentToFraction(a.wacc);
  const g = percentToFraction(a.growth);
  const losses = new LossPool();
  const years = f.projections.map((p, i) => projectYear(p, i + 1, w, a, losses));
  const last = years[years.length - 1];
  const terminalFcff = last.fcff.minus(last.lossSetOff.times(last.taxRate).div(HUNDRED));
  const terminalValue = terminalFcff.times(ONE.plus(g)).div(w.minus(g));
  // The Gordon value sits at the end of year n, so it takes year n's end-of-year exponent under
  // both conventions, shifted by any stub (docs/valuation-method.md, DCF conventions and Stub period).
  const terminalDiscountPeriod = discountExponent(a.stub?.fraction ?? ONE, years.length, false);
  const terminalDiscountFactor = isFullYear(a.stub)
    ? endOfYearFactor(w, years.length)
    : factorAt(w, terminalDiscountPeriod);
  const presentValueOfTerminalValue = terminalValue.times(terminalDiscountFactor);
  const sumOfPresentValues = sum(years.map((y) => y.presentValue));
  const enterpriseValue = sumOfPresentValues.plus(presentValueOfTerminalValue);
  const bridge = equityBridgeItems(f);
  const equityValue = equityFromEnterpriseValue(enterpriseValue, bridge);
  const sharesOutstanding = dec(f.shares.equitySharesOutstanding);
  return {
    // The bridge deducted CCPS capital (preference capital) and CCD principal (borrowings): converted, they come back.
    ...perShare(f, equityValue, sharesOutstanding),
    years,
    terminalFcff,
    sumOfPresentValues,
    terminalValue,
    terminalDiscountPeriod,
    terminalDiscountFactor,
    presentValueOfTerminalValue,
    enterpriseValue,
    bridge,
    equityValue,
    sharesOutstanding,
  };
}

/**
 * Losses by the projection year they arose in (t), oldest first. A loss of year t may be set off
 * against the taxable EBIT of years t+1 … t+8 (s.72: eight assessment years); later it lapses.
 */
class LossPool {
  private vintages: { t: number; amount: Dec }[] = [];

  /** Drops vintages too old for year t; returns what lapsed. */
  expire(t: number): Dec {
    const lapsed = this.vintages.filter((v) => t - v.t > LOSS_CARRY_FORWARD_YEARS);
    this.vintages = this.vintages.filter((v) => t - v.t <= LOSS_CARRY_FORWARD_YEARS);
    return sum(lapsed.map((v) => v.amount));
  }

  total(): Dec {
    return sum(this.vintages.map((v) => v.amount));
  }

  /** Sets off up to `profit`, oldest loss first; returns the amount set off. */
  setOff(profit: Dec): Dec {
    let left = profit;
    for (const v of this.vintages) {
      const used = Dec.min(v.amount, left);
      v.amount = v.amount.minus(used);
      left = left.minus(used);
    }
    this.vintages = this.vintages.filter((v) => !v.amount.isZero());
    return profit.minus(left);
  }

  add(t: number, loss: Dec): void {
    this.vintages.push({ t, amount: loss });
  }
}

function projectYear(p: NormalisedProjection, t: number, w: Dec, a: DcfAssumptions, losses: LossPool): DcfYear {
  const midYear = a.midYear;
  const ebitda = dec(p.ebitda);
  const depreciationAndAmortisation = dec(p.depreciationAndAmortisation);
  const ebit = ebitda.minus(depreciationAndAmortisation);
  const taxRate = dec(p.taxRate);
  // s.72: a negative EBIT pays no tax (never a refund) and is carried forward; a positive EBIT is
  // first reduced by the losses brought forward, and tax is due on what remains.
  const lossLapsed = losses.expire(t);
  const lossBroughtForward = losses.total();
  const lossSetOff = ebit.isPositive() && !ebit.isZero() ? losses.setOff(ebit) : ZERO;
  const taxableEbit = ebit.isNegative() ? ZERO : ebit.minus(lossSetOff);
  if (ebit.isNegative() && !ebit.isZero()) losses.add(t, ebit.neg());
  const lossCarriedForward = losses.total();
  const taxOnEbit = taxableEbit.times(taxRate).div(HUNDRED);
  const nopat = ebit.minus(taxOnEbit);
  const capitalExpenditure = dec(p.capitalExpenditure);
  const changeInNetWorkingCapital = dec(p.changeInNetWorkingCapital);
  const fcff = nopat.plus(depreciationAndAmortisation).minus(capitalExpenditure).minus(changeInNetWorkingCapital);
  // Without a stub the whole-year factors stay in their exact integer-power form.
  const s = a.stub?.fraction ?? ONE;
  const discountPeriod = discountExponent(s, t, midYear);
  const discountFactor = isFullYear(a.stub)
    ? midYear
      ? midYearFactor(w, t)
      : endOfYearFactor(w, t)
    : factorAt(w, discountPeriod);
  const fcffCounted = t === 1 ? fcff.times(s) : fcff;
  return {
    year: p.year,
    t,
    ebitda,
    depreciationAndAmortisation,
    ebit,
    lossBroughtForward,
    lossLapsed,
    lossSetOff,
    taxableEbit,
    lossCarriedForward,
    taxRate,
    taxOnEbit,
    nopat,
    capitalExpenditure,
    changeInNetWorkingCapital,
    fcff,
    fcffCounted,
    discountPeriod,
    discountFactor,
    presentValue: fcffCounted.times(discountFactor),
  };
}

/** 1/(1+w)^e for a fractional exponent e (a stub period). */
export function factorAt(w: Dec, exponent: Dec): Dec {
  return ONE.div(ONE.plus(w).pow(exponent));
}

export function endOfYearFactor(w: Dec, t: number): Dec {
  return ONE.div(ONE.plus(w).pow(t));
}

/** 1/(1+w)^(t−0.5), built from an integer power and a square root, both correctly rounded. */
export function midYearFactor(w: Dec, t: number): Dec {
  const base = ONE.plus(w);
  return ONE.div(base.pow(t - 1).times(base.sqrt()));
}

function yearLines(y: DcfYear, stub: StubPeriod | undefined): ValuationLine[] {
  const at = `${y.year}`;
  const partial = !isFullYear(stub) && y.t === 1;
  return [
    amountLine(`${at} EBITDA`, y.ebitda),
    amountLine(`${at} Less: depreciation and amortisation`, y.depreciationAndAmortisation.neg()),
    amountLine(`${at} EBIT`, y.ebit),
    ...(y.lossLapsed.isZero()
      ? []
      : [
          amountLine(
            `${at} Loss lapsed`,
            y.lossLapsed,
            `older than ${LOSS_CARRY_FORWARD_YEARS} years (${lossCarryForwardSection(y.year)})`,
          ),
        ]),
    amountLine(
      `${at} Loss brought forward`,
      y.lossBroughtForward,
      `${lossCarryForwardSection(y.year)}: earlier projection years' losses`,
    ),
    amountLine(`${at} Loss set off`, y.lossSetOff.neg()),
    amountLine(`${at} Taxable EBIT`, y.taxableEbit),
    amountLine(`${at} Loss carried forward`, y.lossCarriedForward),
    amountLine(
      `${at} Less: tax on EBIT at ${plain(y.taxRate)}%`,
      y.taxOnEbit.neg(),
      y.taxableEbit.eq(y.ebit) ? undefined : 'on the taxable EBIT; a loss pays no tax and is carried forward',
    ),
    amountLine(`${at} NOPAT`, y.nopat),
    amountLine(`${at} Add: depreciation and amortisation`, y.depreciationAndAmortisation),
    amountLine(`${at} Less: capital expenditure`, y.capitalExpenditure.neg()),
    amountLine(`${at} Less: change in net working capital`, y.changeInNetWorkingCapital.neg()),
    amountLine(`${at} FCFF`, y.fcff),
    ...(partial
      ? [
          amountLine(
            `${at} FCFF for the stub period`,
            y.fcffCounted,
            `s × FCFF = ${plain(stub!.fraction.toDecimalPlaces(6))} × FCFF`,
          ),
        ]
      : []),
    ...(isFullYear(stub) ? [] : [factorLine(`${at} Discount exponent`, y.discountPeriod)]),
    factorLine(`${at} Discount factor (t = ${plain(y.discountPeriod.toDecimalPlaces(6))})`, y.discountFactor),
    amountLine(`${at} Present value of FCFF`, y.presentValue),
  ];
}

export function dcfMethod(c: DcfComputation, a: DcfAssumptions): MethodResult {
  const last = c.years[c.years.length - 1];
  const lastYear = last.year;
  const normalised = !c.terminalFcff.eq(last.fcff);
  const lines: ValuationLine[] = [
    percentLine('WACC', a.wacc),
    percentLine('Terminal growth rate', a.growth),
    ...(isFullYear(a.stub)
      ? []
      : [
          factorLine(
            'Stub fraction s',
            a.stub!.fraction,
            `${a.stub!.days} of ${a.stub!.daysInYear} days from the valuation date to ${a.stub!.firstYearEnd}`,
          ),
        ]),
    ...c.years.flatMap((y) => yearLines(y, a.stub)),
    amountLine('Sum of present values of FCFF', c.sumOfPresentValues),
    ...(normalised
      ? [
          amountLine(
            `Terminal-year FCFF (${lastYear}, tax without loss set-off)`,
            c.terminalFcff,
            'a perpetuity keeps no one-off set-off',
          ),
        ]
      : []),
    amountLine(
      `Terminal value at end of ${lastYear}`,
      c.terminalValue,
      `${normalised ? 'terminal-year FCFF' : `FCFF ${lastYear}`} × (1 + ${plain(a.growth)}%) / (${plain(a.wacc)}% − ${plain(a.growth)}%)`,
    ),
    factorLine(
      `Terminal value discount factor (t = ${plain(c.terminalDiscountPeriod.toDecimalPlaces(6))})`,
      c.terminalDiscountFactor,
    ),
    amountLine('Present value of terminal value', c.presentValueOfTerminalValue),
    amountLine('Enterprise value', c.enterpriseValue),
    ...bridgeLines(c.bridge),
    amountLine('Equity value', c.equityValue),
    countLine('Equity shares outstanding', c.sharesOutstanding),
    ...perShareLines(c),
  ];
  return {
    method: 'DCF',
    ...basicValuePerShare(c),
    title: `Discounted free cash flow to the firm (${a.midYear ? 'mid-year' : 'end-of-year'} discounting)`,
    lines,
    enterpriseValue: toPaise(c.enterpriseValue),
    equityValue: toPaise(c.equityValue),
    valuePerShare: toPaise(c.valuePerShare),
  };
}
