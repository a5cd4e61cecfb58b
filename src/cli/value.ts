/**
 * npm run value -- <financials.json> --wacc 12 --growth 4 [--statute RULE_11UA] [--purpose …]
 *   [--mid-year] [--valuation-date YYYY-MM-DD] [--transaction-date YYYY-MM-DD] [--long-run-gdp 10] [--weights dcf=50,nav=50]
 *   [--issue-method NAV|DCF] [--method-weights DCF=70,NAV=30 --weights-rationale "…"]
 *   [--dlom 10 --dlom-rationale "…"] [--dloc 10 --dloc-rationale "…"] [--price 245.50] [--json]
 *   [--rf 6.52 --erp 7.5 --beta 0.85 --beta-basis UNLEVERED --de 0.25 --tax-rate 25.168 --kd 9.75
 *    --size-premium 1.5 --specific-premium 2 --coc-source "…"]   (a WACC build-up; --wacc must equal it to 4 decimals)
 *
 * Reads a canonical financials JSON document, values it and prints the result as text tables.
 * The valuation date defaults to the balance sheet date so that output never depends on the clock.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseFinancials } from '../domain/financials/normalise.js';
import {
  STATUTES,
  ValuationInputError,
  computeValuation,
  type MethodResult,
  type Purpose,
  type Statute,
  type ValuationResult,
} from '../domain/valuation/engine.js';
import type { MethodWeights } from '../domain/valuation/statutes.js';

const USAGE =
  'usage: npm run value -- <financials.json> --wacc <percent> --growth <percent> [--statute ' +
  STATUTES.join('|') +
  '] [--purpose <purpose>] [--mid-year] [--valuation-date YYYY-MM-DD] [--transaction-date YYYY-MM-DD] [--long-run-gdp <percent>] ' +
  '[--weights dcf=50,nav=25,comparables=25] [--issue-method NAV|DCF] [--method-weights DCF=70,NAV=30 --weights-rationale <text>] ' +
  '[--dlom <percent> --dlom-rationale <text>] [--dloc <percent> --dloc-rationale <text>] [--price <rupees per share>] [--json] ' +
  '[--rf <percent> --erp <percent> --beta <beta> --beta-basis UNLEVERED|LEVERED --de <ratio> --tax-rate <percent> --kd <percent> ' +
  '[--size-premium <percent>] [--specific-premium <percent>] --coc-source <text>]';

function main(argv: string[]): number {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        wacc: { type: 'string' },
        growth: { type: 'string' },
        statute: { type: 'string', default: 'RULE_11UA' },
        purpose: { type: 'string' },
        'mid-year': { type: 'boolean', default: false },
        'valuation-date': { type: 'string' },
        'transaction-date': { type: 'string' },
        'long-run-gdp': { type: 'string' },
        weights: { type: 'string' },
        'issue-method': { type: 'string' },
        'method-weights': { type: 'string' },
        'weights-rationale': { type: 'string' },
        dlom: { type: 'string' },
        'dlom-rationale': { type: 'string' },
        dloc: { type: 'string' },
        'dloc-rationale': { type: 'string' },
        rf: { type: 'string' },
        erp: { type: 'string' },
        beta: { type: 'string' },
        'beta-basis': { type: 'string', default: 'UNLEVERED' },
        de: { type: 'string' },
        'tax-rate': { type: 'string' },
        kd: { type: 'string' },
        'size-premium': { type: 'string' },
        'specific-premium': { type: 'string' },
        'coc-source': { type: 'string' },
        price: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 64;
  }
  const { values, positionals } = args;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (positionals.length !== 1 || values.wacc === undefined || values.growth === undefined) {
    console.error(USAGE);
    return 64;
  }

  let document: unknown;
  try {
    document = JSON.parse(readFileSync(positionals[0], 'utf8'));
  } catch (error) {
    console.error(`cannot read ${positionals[0]}: ${(error as Error).message}`);
    return 66;
  }
  const parsed = parseFinancials(document);
  if (!parsed.ok) {
    console.error(`${positionals[0]} was rejected:`);
    for (const e of parsed.errors) console.error(`  ${e.path || '/'}: ${e.message}`);
    return 1;
  }

  try {
    const result = computeValuation({
      financials: parsed.financials,
      assumptions: {
        wacc: values.wacc,
        terminalGrowthRate: values.growth,
        ...(values.rf !== undefined && {
          costOfCapital: {
            riskFreeRate: values.rf,
            equityRiskPremium: values.erp ?? '',
            beta: values.beta ?? '',
            betaBasis: values['beta-basis'] === 'LEVERED' ? 'LEVERED' : 'UNLEVERED',
            debtToEquity: values.de ?? '0',
            taxRate: values['tax-rate'] ?? '0',
            preTaxCostOfDebt: values.kd ?? '0',
            ...(values['size-premium'] !== undefined && { sizePremium: values['size-premium'] }),
            ...(values['specific-premium'] !== undefined && { companySpecificPremium: values['specific-premium'] }),
            source: values['coc-source'] ?? 'not stated',
          },
        }),
      },
      engagement: {
        statute: values.statute as Statute,
        purpose: values.purpose as Purpose | undefined,
        valuationDate: values['valuation-date'] ?? parsed.financials.balanceSheetDate,
        ...(values['transaction-date'] !== undefined && { transactionDate: values['transaction-date'] }),
        ...(values.price !== undefined && { proposedPricePerShare: values.price }),
      },
      judgement: {
        ...(values['method-weights'] !== undefined && {
          methodWeights: Object.fromEntries(
            values['method-weights'].split(',').map((part) => part.split('=').map((x) => x.trim())),
          ),
        }),
        ...(values['weights-rationale'] !== undefined && { weightsRationale: values['weights-rationale'] }),
        ...(values.dlom !== undefined && { dlomPercent: values.dlom }),
        ...(values['dlom-rationale'] !== undefined && { dlomRationale: values['dlom-rationale'] }),
        ...(values.dloc !== undefined && { dlocPercent: values.dloc }),
        ...(values['dloc-rationale'] !== undefined && { dlocRationale: values['dloc-rationale'] }),
      },
      options: {
        midYear: values['mid-year'],
        ...(values['long-run-gdp'] !== undefined && { longRunGdpGrowth: values['long-run-gdp'] }),
        ...(values.weights !== undefined && { weights: parseWeights(values.weights) }),
        ...(values['issue-method'] !== undefined && {
          rule11uaIssueMethod: values['issue-method'].toUpperCase() as 'NAV' | 'DCF',
        }),
      },
    });
    console.log(values.json ? JSON.stringify(result, null, 2) : render(result));
    return 0;
  } catch (error) {
    if (error instanceof ValuationInputError) {
      console.error(`refused (${error.code}): ${error.message}`);
      return 2;
    }
    throw error;
  }
}

function parseWeights(text: string): MethodWeights {
  const weights: MethodWeights = {};
  for (const part of text.split(',')) {
    const [name, value] = part.split('=').map((s) => s.trim());
    if (name === 'dcf' || name === 'nav' || name === 'comparables') weights[name] = value;
    else throw new ValuationInputError('INVALID_WEIGHTS', `Unknown weight "${name}"; use dcf, nav and comparables.`);
  }
  return weights;
}

// ---------------------------------------------------------------------------------------------
// Text rendering

/** Indian digit grouping for display: "-12345678.90" -> "-1,23,45,678.90". */
function grouped(value: string): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(value);
  if (!match) return value;
  const [, sign, whole, fraction = ''] = match;
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3);
  return `${sign}${rest ? rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',') + ',' : ''}${last3}${fraction}`;
}

function table(headers: string[], rows: string[][], rightAligned: Set<number>): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (rightAligned.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function renderMethod(m: MethodResult): string {
  const rows = m.lines.map((l) => [
    l.label,
    l.kind === 'AMOUNT' || l.kind === 'PER_SHARE' || l.kind === 'COUNT' ? grouped(l.value) : l.value,
    l.note ?? '',
  ]);
  const summary = [
    m.enterpriseValue !== undefined ? `Enterprise value ₹${grouped(m.enterpriseValue)}` : null,
    `Equity value ₹${grouped(m.equityValue)}`,
    // An IBC valuation values the assets, never the shares (docs/statutes.md, IBC).
    m.method === 'FAIR_VALUE' || m.method === 'LIQUIDATION_VALUE'
      ? null
      : `Value per share ₹${grouped(m.valuePerShare)}`,
  ]
    .filter(Boolean)
    .join(' | ');
  return [
    `== ${m.method}: ${m.title}`,
    ...(m.servesPurpose ? [`Serves: ${m.servesPurpose}`] : []),
    table(['Line', 'Value', 'Note'], rows, new Set([1])),
    summary,
  ].join('\n');
}

function render(r: ValuationResult): string {
  const out: string[] = [];
  out.push(
    `Valuation under ${r.statute}${r.purpose ? ` for ${r.purpose}` : ' (no purpose given)'} as at ${r.valuationDate}`,
    ...(r.legalBasis
      ? [
          `Legal basis: ${r.legalBasis.act}${r.legalBasis.provisions.length ? ` ${r.legalBasis.provisions.join(', ')}` : ''}; ${r.legalBasis.rules.join('; ')}`,
          ...(r.legalBasis.note ? [r.legalBasis.note] : []),
        ]
      : []),
    `Engine ${r.engineVersion}; WACC ${r.assumptions.wacc}%, terminal growth ${r.assumptions.terminalGrowthRate}%; discounting ${r.conventions.discounting}`,
    '',
    'Conventions:',
    ...r.conventions.statements.map((s) => `  - ${s}`),
  );
  const stub = r.methods.find((m) => m.method === 'DCF')?.lines.find((l) => l.label === 'Stub fraction s');
  if (stub) out.push('', `Stub period: s = ${stub.value} (${stub.note})`);
  const build = r.assumptions.costOfCapital;
  if (build) {
    out.push(
      '',
      `== Cost of capital (source: ${build.source})`,
      table(
        ['Component', 'Figure'],
        [
          ['Risk-free rate Rf %', build.riskFreeRate],
          ['Equity risk premium %', build.equityRiskPremium],
          [build.betaBasis === 'UNLEVERED' ? 'Unlevered beta' : 'Levered beta (given)', build.beta],
          ['Debt to equity', build.debtToEquity],
          ['Tax rate %', build.taxRate],
          ['Relevered beta', build.leveredBeta],
          ['Size premium %', build.sizePremium],
          ['Company-specific premium %', build.companySpecificPremium],
          ['Cost of equity Ke %', build.costOfEquity],
          ['Cost of debt after tax %', build.costOfDebtAfterTax],
          ['E/V', build.equityWeight],
          ['D/V', build.debtWeight],
          ['WACC %', build.wacc],
        ],
        new Set([1]),
      ),
    );
  }
  for (const m of r.methods) out.push('', renderMethod(m));

  const c = r.conclusion;
  out.push('', '== Conclusion', c.basis);
  if (c.valuePerShare !== null) {
    out.push(
      `Value per share: ₹${grouped(c.valuePerShare)}${c.floorOrCeiling ? ` (${c.floorOrCeiling.toLowerCase()})` : ''}`,
    );
  }
  if (c.weights) {
    out.push(
      table(
        ['Method', 'Weight %', 'Value/share', 'Weighted'],
        c.weights.map((w) => [w.method, w.weightPercent, grouped(w.valuePerShare), grouped(w.weightedValuePerShare)]),
        new Set([1, 2, 3]),
      ),
    );
  }
  if (c.controlDiscount) {
    out.push(
      `Discount for lack of control ${c.controlDiscount.percent}%: ₹${grouped(c.controlDiscount.valueBeforeDiscount)} − ₹${grouped(c.controlDiscount.discountPerShare)} = ₹${grouped(c.controlDiscount.valueAfterDiscount)}`,
    );
  }
  if (c.discount) {
    out.push(
      `Discount for lack of marketability ${c.discount.percent}%: ₹${grouped(c.discount.valueBeforeDiscount)} − ₹${grouped(c.discount.discountPerShare)} = ₹${grouped(c.discount.valueAfterDiscount)}`,
    );
  }
  if (r.compliance) {
    out.push('', `== Compliance of the proposed price ₹${grouped(r.compliance.proposedPricePerShare)}`);
    out.push(
      table(
        ['Purpose', 'Test', 'Line', 'Margin', 'Passes'],
        r.compliance.tests.map((t) => [
          t.purpose ?? '',
          t.test,
          grouped(t.linePerShare),
          grouped(t.margin),
          t.passes ? 'yes' : 'NO',
        ]),
        new Set([2, 3]),
      ),
    );
  }
  if (c.byPurpose) {
    out.push(
      table(
        ['Purpose', 'Method', 'Value/share', 'Bound'],
        c.byPurpose.map((p) => [p.purpose, p.method, grouped(p.valuePerShare), p.floorOrCeiling ?? '']),
        new Set([2]),
      ),
    );
  }
  if (c.fairValue && c.liquidationValue) {
    out.push(
      table(
        ['Basis', 'Total of the assets', 'Equity value', 'Shortfall'],
        [
          [
            'Fair value',
            grouped(c.fairValue.totalValue ?? c.fairValue.equityValue),
            grouped(c.fairValue.equityValue),
            grouped(c.fairValue.shortfall ?? '0.00'),
          ],
          [
            'Liquidation value',
            grouped(c.liquidationValue.totalValue ?? c.liquidationValue.equityValue),
            grouped(c.liquidationValue.equityValue),
            grouped(c.liquidationValue.shortfall ?? '0.00'),
          ],
        ],
        new Set([1, 2, 3]),
      ),
    );
  }

  if (r.sensitivity) {
    const s = r.sensitivity;
    out.push(
      '',
      '== Sensitivity: DCF value per share (rows WACC %, columns terminal growth %)',
      table(
        ['WACC \\ g', ...s.growthValues],
        s.grid.map((row, i) => [s.waccValues[i], ...row.map((cell) => (cell === null ? '—' : grouped(cell)))]),
        new Set(s.growthValues.map((_, i) => i + 1)),
      ),
    );
  }

  out.push('', '== Warnings');
  out.push(
    r.warnings.length
      ? table(
          ['Code', 'Message'],
          r.warnings.map((w) => [w.code, w.message]),
          new Set(),
        )
      : 'none',
  );
  return out.join('\n');
}

process.exitCode = main(process.argv.slice(2));
