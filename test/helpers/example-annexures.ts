// Checks of the equity examples' annexures (docs/reports.md, Annexures), registered by the examples test on the
// examples it made: each report lists its annexures in the contents under the expected headings, refers to them from
// the body, and prints the financials as given — the historical statements, the balance sheet, the projections, the
// peers' size, each cost-of-capital input's source and the prescribed NAV's schedules — figure for figure.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import { Decimal } from 'decimal.js';
import type { MadeExample } from '../../scripts/examples/make.js';
import { EXAMPLE_PLANS } from '../../scripts/examples/plans.js';
import { formatDate } from '../../src/reports/format.js';
import { groupIndian } from '../../src/contract/money-format.js';
import { collapse } from './pdf.js';

/** The annexures each equity example carries, in order. */
const EXPECTED: Record<string, string[]> = {
  'rule-11ua': [
    'Balance sheet as given',
    'Historical financial statements',
    'Property, securities and contingencies (prescribed net asset value)',
  ],
  'companies-act-sec-62': [
    'Balance sheet as given',
    'Historical financial statements',
    "Projections and the valuer's note on their reasonableness",
    'Listed peers: size, multiples, source and basis',
    'Cost of capital: each input with its source and date',
  ],
  // One allotment: the FEMA certificate rests on the same financials and market evidence as the s.62 report.
  'fema-rbi': [
    'Balance sheet as given',
    'Historical financial statements',
    "Projections and the valuer's note on their reasonableness",
    'Listed peers: size, multiples, source and basis',
    'Cost of capital: each input with its source and date',
  ],
};

/** An amount of the examples' financials (₹ lakh) as the annexures print it in lakh: two decimals, Indian grouping. */
const lakh = (v: number | string) => {
  const [int, frac] = new Decimal(v).toFixed(2).split('.');
  return `${int.startsWith('-') ? '−' : ''}${groupIndian(int.replace('-', ''))}.${frac}`;
};
/** The same amount in crore (the peers' table, whose market capitalisations reach ₹100 crore). */
const crore = (v: number) => lakh(new Decimal(v).div(100).toFixed(2));

/** The figures printed on a row that starts with `label` in the page's layout text. */
function rowFigures(page: string, label: string): string[] {
  const line = page.split('\n').find((l) => l.trimStart().startsWith(label));
  assert.ok(line, `no row "${label}"`);
  return line
    .slice(line.indexOf(label) + label.length)
    .trim()
    .split(/\s{2,}/)
    .filter(Boolean);
}

export function annexureChecks(made: () => MadeExample[], outDir: () => string): void {
  const layout = (path: string) =>
    execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', join(outDir(), path), '-'], { encoding: 'utf8' });
  const equity = () => made().filter((m) => EXPECTED[m.slug]);

  /** The pages of annexure `n` (its heading page), after the signature. */
  const annexurePage = (pages: string[], n: number) => {
    const page = pages.find((p) => !p.includes('Contents') && new RegExp(`^\\s*Annexure ${n}: `, 'm').test(p));
    assert.ok(page, `no page for Annexure ${n}`);
    return page;
  };

  test('each equity example lists its annexures in the contents, prints each on its own page and refers to them from the body', () => {
    assert.equal(equity().length, 3);
    for (const m of equity()) {
      const text = layout(m.files.report);
      const pages = text.split('\f');
      const contents = collapse(pages.find((p) => p.includes('Contents'))!);
      EXPECTED[m.slug].forEach((title, i) => {
        assert.ok(contents.includes(`Annexure ${i + 1}: ${title}`), `${m.slug}: contents lack Annexure ${i + 1}`);
        assert.ok(
          collapse(annexurePage(pages, i + 1)).includes(`Annexure ${i + 1}: ${title}`),
          `${m.slug}: Annexure ${i + 1} heading`,
        );
      });
      assert.ok(!contents.includes(`Annexure ${EXPECTED[m.slug].length + 1}:`), `${m.slug}: an annexure too many`);
      // The body refers to the statements and the balance sheet where the history is printed.
      assert.ok(
        collapse(text).includes(
          'The statements as given are Annexure 2, and the balance sheet the valuation rests on is Annexure 1.',
        ),
        m.slug,
      );
      // No code identifier is a label.
      assert.doesNotMatch(text, /equityShareCapital|reservesAndSurplus|marketCapitalisation|projectionsReasonableness/);
    }
  });

  test("the annexures' figures are the financials as given: history, balance sheet, projections, peers, sources and schedules", () => {
    for (const m of equity()) {
      const plan = EXAMPLE_PLANS.find((p) => p.slug === m.slug)!;
      const f = plan.financials as {
        history: Record<string, number | string>[];
        balanceSheet: Record<string, number>;
        projections: Record<string, number | string>[];
      };
      const pages = layout(m.files.report).split('\f');
      // Annexure 2: each year's statement of profit and loss and balance sheet, as given.
      const history = annexurePage(pages, 2);
      const years = f.history.map((y) => y.year as string);
      assert.deepEqual(rowFigures(history, '₹ lakh'), years, m.slug);
      const rows: [string, string][] = [
        ['Revenue from operations', 'revenue'],
        ['EBITDA', 'ebitda'],
        ['Profit before tax', 'profitBeforeTax'],
        ['Profit after tax', 'profitAfterTax'],
        ['Net worth', 'netWorth'],
        ['Total borrowings', 'totalBorrowings'],
      ];
      for (const [label, field] of rows)
        assert.deepEqual(
          rowFigures(history, label),
          f.history.map((y) => lakh(y[field])),
          `${m.slug}: ${label}`,
        );
      // Deductions print with their minus sign; the tax is the profit before tax less the profit after tax.
      const minus = (v: number | string) => lakh(new Decimal(v).neg().toFixed(2));
      assert.deepEqual(
        rowFigures(history, 'Less: depreciation and amortisation'),
        f.history.map((y) => minus(y.depreciationAndAmortisation)),
      );
      assert.deepEqual(
        rowFigures(history, 'Less: finance costs'),
        f.history.map((y) => minus(y.financeCost)),
      );
      assert.deepEqual(
        rowFigures(history, 'Less: tax expense'),
        f.history.map((y) => minus(new Decimal(y.profitBeforeTax).minus(y.profitAfterTax).toFixed(2))),
      );
      // Annexure 1: the balance sheet, both sides footing to the same total.
      const bs = annexurePage(pages, 1);
      assert.deepEqual(rowFigures(bs, 'Equity share capital'), [lakh(f.balanceSheet.equityShareCapital)]);
      assert.deepEqual(rowFigures(bs, 'Inventories'), [lakh(f.balanceSheet.inventories)]);
      const total = Object.values(f.balanceSheet).reduce((s, v) => s + v, 0) / 2;
      assert.deepEqual(rowFigures(bs, 'Total equity and liabilities'), [lakh(total)]);
      assert.deepEqual(rowFigures(bs, 'Total assets'), [lakh(total)]);
      if (m.slug === 'rule-11ua') {
        const nav = collapse(annexurePage(pages, 3));
        // Wrapped cells interleave in the layout text: each particular is looked for on its own.
        for (const shown of [
          'Gat No. 212',
          '(MIDC Plot 14)',
          'CTS No.',
          '2417/3, Baner',
          '8,100 sq m of',
          '₹1,312.50',
          '₹170.00',
        ])
          assert.ok(nav.includes(shown), `rule-11ua: ${shown}`);
        assert.match(nav, / 380\.00 Joint Sub-Registrar, Nashik/);
        assert.match(nav, /Total stamp-duty value \(D\) 520\.00/);
        // The quoted shares (₹95 lakh) and the liquid fund units (₹20.60 lakh) make C.
        assert.match(nav, /Total value 115\.60 Value = quantity/);
        // The price date as the table wraps it: the day and month on the scrip's line.
        const priceDate = (plan.financials as { navAdjustmentSources: { quotedInvestments: { priceDate: string }[] } })
          .navAdjustmentSources.quotedInvestments[0].priceDate;
        assert.ok(nav.includes(` 4,000 ₹1,312.50 ${formatDate(priceDate).replace(/ \d{4}$/, '')} `), nav);
        assert.match(nav, /section \d+ \(Valuation approaches and methods\)/);
        continue;
      }
      // Annexure 3: the projections as given, with the valuer's note on their reasonableness.
      const projections = annexurePage(pages, 3);
      assert.deepEqual(
        rowFigures(projections, 'Revenue from operations'),
        f.projections.map((y) => lakh(y.revenue)),
      );
      assert.deepEqual(
        rowFigures(projections, 'Capital expenditure'),
        f.projections.map((y) => lakh(y.capitalExpenditure)),
      );
      const note = (plan.lock as { projectionsReasonableness: string }).projectionsReasonableness;
      assert.ok(collapse(pages.join('\n')).includes(collapse(note)), `${m.slug}: the note on the projections`);
      // The cost of capital: each input with its own source.
      const coc = collapse(annexurePage(pages, 5));
      // Wrapped cells interleave: the figure, the start of its own source and its own date.
      const debtSource = (plan.lock as { costOfCapital: { inputSources: Record<string, { date?: string }> } })
        .costOfCapital.inputSources.preTaxCostOfDebt.date!;
      assert.ok(
        coc.includes(
          // The date wraps in its cell: the day and month on the figure's line.
          `Pre-tax cost of debt 9% The company's term-loan sanction letter of its ${formatDate(debtSource).replace(/ \d{4}$/, '')}`,
        ),
        coc,
      );
      assert.match(
        coc,
        /Tax rate \(t\) 25\.168% The concessional rate for a domestic company that[\s\S]{0,40}has opted for it/,
      );
      assert.match(coc, /Size premium 1% /);
      assert.match(coc, /Equity risk premium 6\.5% /);
      {
        // Annexure 4 (s.62 and FEMA, one allotment on one evidence): each peer's size beside its multiples (₹ crore).
        const peers = annexurePage(pages, 4);
        // The layout text runs the row's cells together: revenue, EBITDA, market capitalisation, EV/EBITDA, EV/Revenue, P/E.
        const expected = [crore(12400), crore(2000), crore(21800), '11.8', '1.9', '24.5'].join(' ');
        assert.ok(collapse(peers).includes(`Sundaram Auto ${expected} Capitaline`), collapse(peers));
        const asOf = (plan.financials as { peers: { asOf: string }[] }).peers[0].asOf;
        // Every peer's multiples are trailing, beside the company's own trailing twelve months.
        assert.equal(collapse(peers).split(`as at ${formatDate(asOf)}; trailing twelve months`).length - 1, 3);
        // The comparison row: the twelve months to the valuation date (₹2,312.50 and ₹403.80 lakh), not FY2026's.
        assert.ok(collapse(peers).includes(`${crore(2312.5)} ${crore(403.8)} unlisted`), collapse(peers));
      }
    }
  });
}
