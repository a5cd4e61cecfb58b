import type { NormalisedFinancials } from '../financials/normalise.js';
import { amountLine, countLine, perShareLine } from './lines.js';
import { Dec, ONE, ZERO, dec, formatCount, formatRupees, sum, toPaise } from './money.js';
import { instrumentWords } from '../../contract/financial-labels.js';
import type { DilutedShareCount, ValuationLine } from './types.js';

/**
 * Fully diluted capital (docs/valuation-method.md, Fully diluted shares). From the capital table:
 * CCPS and CCDs count as converted (their shares added at `conversionRatio`; their capital and principal,
 * number × face value, no longer deducted), and options and warrants count as exercised when their
 * exercise price is below the value per share, the proceeds added to equity:
 * v = (E + Σ kᵢnᵢ) / (N + Σ nᵢ) over the in-the-money set, which is the largest prefix of the options
 * sorted by exercise price whose last price stays below the v it gives.
 */
export interface DilutiveInstruments {
  /**
   * CCPS capital and CCD principal at face value (₹) that the bridge and the book NAV deduct (presented in
   * preference capital or borrowings), added back as converted; none presented in other equity.
   */
  ccpsCapital: Dec;
  ccdPrincipal: Dec;
  /** Convertibles presented in other equity: never deducted, so never added back. */
  inOtherEquity: Dec;
  /** Equity shares issued on conversion of CCPS and CCDs. */
  conversionShares: Dec;
  /** Options and warrants, by exercise price ascending. */
  options: { holder: string; instrument: string; number: Dec; exercisePrice: Dec }[];
}

export interface Dilution {
  basicShares: Dec;
  basicValuePerShare: Dec;
  addBack: Dec;
  conversionShares: Dec;
  exercised: DilutiveInstruments['options'];
  proceeds: Dec;
  dilutedEquity: Dec;
  dilutedShares: Dec;
  valuePerShare: Dec;
}

type Row = NonNullable<NormalisedFinancials['shareholding']>[number];

/** Where a convertible sits: as given, else CCPS in preference capital and CCDs in borrowings. */
export const presentedIn = (r: Row): 'PREFERENCE_CAPITAL' | 'OTHER_EQUITY' | 'BORROWINGS' =>
  r.presentedIn ?? (r.instrument === 'CCD' ? 'BORROWINGS' : 'PREFERENCE_CAPITAL');

/**
 * The capital table against the balance sheet: the convertibles counted as converted and presented in
 * preference capital (or borrowings) must fit within the balance sheet's preference share capital (or
 * long- and short-term borrowings), else the add-back would return capital no method deducted. Each
 * disagreement names both figures (docs/valuation-method.md, Fully diluted shares).
 */
export function capitalTableMismatches(f: Pick<NormalisedFinancials, 'shareholding' | 'balanceSheet'>): string[] {
  const rows = (f.shareholding ?? []).filter(
    (r) => (r.instrument === 'CCPS' || r.instrument === 'CCD') && r.conversionRatio !== undefined,
  );
  const face = (where: string) =>
    sum(rows.filter((r) => presentedIn(r) === where).map((r) => dec(r.number).times(dec(r.faceValue))));
  const bs = f.balanceSheet;
  const out: string[] = [];
  const inPreference = face('PREFERENCE_CAPITAL');
  if (inPreference.gt(dec(bs.preferenceShareCapital))) {
    out.push(
      `The capital table's convertibles taken to sit in preference capital come to ${formatRupees(inPreference)} (number × face value), but the balance sheet's preferenceShareCapital is ${formatRupees(dec(bs.preferenceShareCapital))}: say where each instrument is presented (shareholding[].presentedIn: PREFERENCE_CAPITAL, OTHER_EQUITY or BORROWINGS), e.g. OTHER_EQUITY for CCPS presented within equity under Ind AS.`,
    );
  }
  const inBorrowings = face('BORROWINGS');
  const borrowings = dec(bs.longTermBorrowings).plus(dec(bs.shortTermBorrowings));
  if (inBorrowings.gt(borrowings)) {
    out.push(
      `The capital table's convertibles taken to sit in borrowings come to ${formatRupees(inBorrowings)} (number × face value), but the balance sheet's long- and short-term borrowings are ${formatRupees(borrowings)}: say where each instrument is presented (shareholding[].presentedIn: PREFERENCE_CAPITAL, OTHER_EQUITY or BORROWINGS).`,
    );
  }
  return out;
}

/** The capital table's dilutive instruments, or null when it holds none that can be counted. */
export function dilutiveInstruments(f: Pick<NormalisedFinancials, 'shareholding'>): DilutiveInstruments | null {
  const rows = f.shareholding ?? [];
  const of = (instrument: string) => rows.filter((r) => r.instrument === instrument && r.conversionRatio !== undefined);
  const faceTotal = (rs: typeof rows) => sum(rs.map((r) => dec(r.number).times(dec(r.faceValue))));
  const convertibles = [...of('CCPS'), ...of('CCD')];
  const options = rows
    .filter((r) => (r.instrument === 'ESOP' || r.instrument === 'WARRANT') && r.exercisePrice !== undefined)
    .map((r) => ({
      holder: r.holder,
      instrument: r.instrument,
      number: dec(r.number),
      exercisePrice: dec(r.exercisePrice!),
    }))
    .sort((a, b) => a.exercisePrice.comparedTo(b.exercisePrice));
  if (convertibles.length === 0 && options.length === 0) return null;
  const deducted = (rs: typeof rows) => rs.filter((r) => presentedIn(r) !== 'OTHER_EQUITY');
  return {
    ccpsCapital: faceTotal(deducted(of('CCPS'))),
    ccdPrincipal: faceTotal(deducted(of('CCD'))),
    inOtherEquity: faceTotal(convertibles.filter((r) => presentedIn(r) === 'OTHER_EQUITY')),
    conversionShares: sum(convertibles.map((r) => dec(r.number).times(dec(r.conversionRatio!)))),
    options,
  };
}

/**
 * The diluted value per share from a method's equity value and basic shares. `addBack` is the CCPS
 * capital and CCD principal the method deducted (the caller knows which it deducted).
 */
export function dilute(equity: Dec, basicShares: Dec, d: DilutiveInstruments, addBack: Dec): Dilution {
  const base = equity.plus(addBack);
  const shares = basicShares.plus(d.conversionShares);
  let exercised: DilutiveInstruments['options'] = [];
  for (let m = d.options.length; m > 0; m--) {
    const set = d.options.slice(0, m);
    const v = base
      .plus(sum(set.map((o) => o.exercisePrice.times(o.number))))
      .div(shares.plus(sum(set.map((o) => o.number))));
    if (set[m - 1].exercisePrice.lt(v)) {
      exercised = set;
      break;
    }
  }
  const proceeds = sum(exercised.map((o) => o.exercisePrice.times(o.number)));
  const dilutedEquity = base.plus(proceeds);
  const dilutedShares = shares.plus(sum(exercised.map((o) => o.number)));
  return {
    basicShares,
    basicValuePerShare: equity.div(basicShares),
    addBack,
    conversionShares: d.conversionShares,
    exercised,
    proceeds,
    dilutedEquity,
    dilutedShares,
    valuePerShare: dilutedEquity.div(dilutedShares),
  };
}

/** The lines after a method's equity value: basic per share, then each step to the fully diluted value. */
export function dilutionLines(d: Dilution, d0: DilutiveInstruments): ValuationLine[] {
  const outOfMoney = d0.options.filter((o) => !d.exercised.includes(o));
  return [
    perShareLine('Value per equity share (basic)', d.basicValuePerShare),
    ...(d0.ccpsCapital.isZero()
      ? []
      : [amountLine('Add: CCPS capital (counted as converted, not deducted)', d0.ccpsCapital)]),
    ...(d0.ccdPrincipal.isZero()
      ? []
      : [amountLine('Add: CCD principal (counted as converted, not deducted)', d0.ccdPrincipal)]),
    ...(d0.inOtherEquity.isZero()
      ? []
      : [
          amountLine(
            'Convertibles presented in other equity (never deducted, so not added back)',
            ZERO,
            `${toPaise(d0.inOtherEquity)} at face value`,
          ),
        ]),
    ...(d.addBack.isZero() || d.addBack.eq(d0.ccpsCapital.plus(d0.ccdPrincipal))
      ? []
      : [amountLine('Of which added back for this method', d.addBack)]),
    ...(d.conversionShares.isZero()
      ? []
      : [countLine('Equity shares on conversion of CCPS and CCDs', d.conversionShares)]),
    ...d.exercised.map((o) =>
      countLine(
        `Exercised: ${o.holder} (${instrumentWords(o.instrument)}) at ₹${toPaise(o.exercisePrice)}`,
        o.number,
        'in the money',
      ),
    ),
    ...outOfMoney.map((o) =>
      countLine(
        `Not exercised: ${o.holder} (${instrumentWords(o.instrument)}) at ₹${toPaise(o.exercisePrice)}`,
        ZERO,
        'out of the money: the exercise price is not below the value',
      ),
    ),
    ...(d.proceeds.isZero() ? [] : [amountLine('Add: exercise proceeds', d.proceeds)]),
    amountLine('Fully diluted equity value', d.dilutedEquity),
    countLine('Fully diluted equity shares', d.dilutedShares, shareCountBasis(d, d0)),
    perShareLine('Value per equity share (fully diluted)', d.valuePerShare),
  ];
}

/**
 * Why a method divides by the count it does (docs/valuation-method.md, Fully diluted shares): the basic
 * shares and the CCPS and CCD conversions are the same for every method; only the options and warrants in
 * the money at the method's own value differ, so two methods' counts differ by those alone.
 */
export function shareCountBasis(d: Dilution, d0: DilutiveInstruments): string {
  const exercisedShares = sum(d.exercised.map((o) => o.number));
  const kinds = optionWords(d0.options.map((o) => o.instrument));
  const parts = [`${formatCount(d.basicShares)} basic`];
  if (!d.conversionShares.isZero()) parts.push(`${formatCount(d.conversionShares)} on conversion of CCPS and CCDs`);
  if (d0.options.length > 0) {
    const priced = d.exercised.map((o) => `₹${toPaise(o.exercisePrice)}`);
    parts.push(
      exercisedShares.isZero()
        ? `no ${kinds.replace(' and ', ' or ')} (none has its exercise price below this method's ${formatRupees(d.valuePerShare)})`
        : `${formatCount(exercisedShares)} on exercise of the ${kinds} at ${priced.join(', ')}, in the money at this method's ${formatRupees(d.valuePerShare)}`,
    );
  }
  const each =
    d0.options.length > 0
      ? ` Each method counts the ${kinds} whose exercise price is below its own diluted value (treasury-stock method, the proceeds added), so the methods’ counts differ by those alone.`
      : '';
  return `${parts.join(' + ')}.${each}`;
}

/** The options the capital table holds, in words: "options", "warrants" or "options and warrants". */
export function optionWords(instruments: readonly string[]): string {
  const options = instruments.some((i) => i !== 'WARRANT');
  const warrants = instruments.includes('WARRANT');
  return options && warrants ? 'options and warrants' : warrants ? 'warrants' : 'options';
}

/** The method result's `dilutedShares`: the count it divides by and why (absent where not diluted). */
export function dilutedShareCount(p: PerShare): { dilutedShares?: DilutedShareCount } {
  if (!p.dilution) return {};
  const { result: d, instruments } = p.dilution;
  return {
    dilutedShares: {
      shares: plainCount(d.dilutedShares),
      basicShares: plainCount(d.basicShares),
      conversionShares: plainCount(d.conversionShares),
      exercisedOptionShares: plainCount(sum(d.exercised.map((o) => o.number))),
      basis: shareCountBasis(d, instruments),
    },
  };
}

const plainCount = (v: Dec) => v.toFixed();

/** A method's value per share, and the dilution behind it where the capital table has dilutive instruments. */
export interface PerShare {
  valuePerShare: Dec;
  dilution: { instruments: DilutiveInstruments; result: Dilution } | null;
}

/**
 * Equity ÷ shares, or the fully diluted value. `addBackShare` is the part of the CCPS capital and CCD
 * principal the method deducted (1: all of it, as the equity bridge and book NAV do).
 */
export function perShare(
  f: Pick<NormalisedFinancials, 'shareholding'>,
  equity: Dec,
  shares: Dec,
  addBackShare: Dec = ONE,
): PerShare {
  const instruments = dilutiveInstruments(f);
  if (!instruments) return { valuePerShare: equity.div(shares), dilution: null };
  const result = dilute(
    equity,
    shares,
    instruments,
    instruments.ccpsCapital.plus(instruments.ccdPrincipal).times(addBackShare),
  );
  return { valuePerShare: result.valuePerShare, dilution: { instruments, result } };
}

/** The method's closing lines: its value per share, or basic, each step, then fully diluted. */
export const perShareLines = (p: PerShare): ValuationLine[] =>
  p.dilution
    ? dilutionLines(p.dilution.result, p.dilution.instruments)
    : [perShareLine('Value per equity share', p.valuePerShare)];

/** The method result's `basicValuePerShare`, present only where its value is fully diluted. */
export const basicValuePerShare = (p: PerShare): { basicValuePerShare?: string; dilutedShares?: DilutedShareCount } =>
  p.dilution ? { basicValuePerShare: toPaise(p.dilution.result.basicValuePerShare), ...dilutedShareCount(p) } : {};
