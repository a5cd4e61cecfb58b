// The served workpapers recalculated by LibreOffice Calc from their formulas alone: every cached result
// is stripped, LibreOffice recalculates on load, and no cell may hold an error value, while every named
// figure equals the API's to the paisa (docs/valuation-method.md, Workpapers). Covers every statute, the
// comparables at a percentile (PERCENTILE.INC, written with its _xlfn. prefix), diluted capital, a stub
// period with the bridge rolled forward, discounts per method and IBC (with and without asset registers, in the
// CIRP and in liquidation).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { Decimal } from 'decimal.js';
import { type TestApp } from '../../helpers/app.js';
import { adminTokenApp } from '../../helpers/principals.js';
import { createEngagement, fixture, lock, upload, sourced, PROJECTIONS_NOTE } from '../../helpers/engagements.js';
import { libreOfficeSheets } from '../../helpers/libreoffice.js';
import { definedNames } from '../../helpers/workbook.js';
import { withDilutedCapital } from '../../fixtures/valuation-inputs.js';

let t: TestApp, bearer: Record<string, string>;
adminTokenApp((s) => ({ t, bearer } = s));

const RATIONALE = 'Cost of equity by CAPM on the 10-year G-sec; peer beta relevered.';

/** Always recalculate on load, whatever the file caches (Tools ▸ Options ▸ Calc ▸ Formula ▸ Recalculation on file load). */
const RECALCULATE_ON_LOAD = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`;

interface Recalculated {
  sheets: Map<string, string[][]>;
  names: Map<string, { sheet: string; row: number; col: number }>;
  formulas: number;
}

/** Strips every cached formula result, lets LibreOffice recalculate, and reads every sheet back as raw values. */
async function recalculateInLibreOffice(xlsx: Buffer): Promise<Recalculated> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(xlsx as unknown as ArrayBuffer);
  let formulas = 0;
  wb.eachSheet((ws) =>
    ws.eachRow((row) =>
      row.eachCell((cell) => {
        const v = cell.value as unknown;
        if (v && typeof v === 'object' && 'formula' in (v as object)) {
          cell.value = { formula: (v as { formula: string }).formula } as ExcelJS.CellFormulaValue;
          formulas += 1;
        }
      }),
    ),
  );
  const names = definedNames(wb);
  const stripped = Buffer.from(await wb.xlsx.writeBuffer());
  // Comma, double quote, UTF-8, from row 1, standard formats, cell contents as stored (not as shown), every sheet.
  const sheets = libreOfficeSheets(stripped, {
    filter: '44,34,76,1,,1033,false,true,false,false,false,-1',
    registry: RECALCULATE_ON_LOAD,
    timeoutMs: 180_000,
  });
  return { sheets, names, formulas };
}

const ERROR_VALUE = /^(#NAME\?|#VALUE!|#REF!|#DIV\/0!|#N\/A|#NUM!|#NULL!|Err:\d+|#ERR\d*)$/;
const paisa = (x: string) => new Decimal(x).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

interface ApiMethod {
  method: string;
  valuePerShare: string;
  basicValuePerShare?: string;
  enterpriseValue?: string;
  equityValue: string;
}

/** The API's figure each workpaper name stands for, or undefined where the name is an input or a rate. */
function apiFigure(
  v: {
    methods: ApiMethod[];
    conclusion: {
      valuePerShare: string | null;
      fairValue?: { totalValue?: string };
      liquidationValue?: { totalValue?: string };
    };
  },
  name: string,
): string | undefined {
  const m = (code: string) => v.methods.find((x) => x.method === code);
  let match: RegExpExecArray | null;
  if (name === 'ValuePerShare_Concluded') return v.conclusion.valuePerShare ?? undefined;
  if ((match = /^ValuePerShare_Diluted_(.+)$/.exec(name))) return m(match[1])?.valuePerShare;
  if ((match = /^ValuePerShare_(.+)_Basic$/.exec(name))) return m(match[1])?.basicValuePerShare;
  if ((match = /^ValuePerShare_(.+)$/.exec(name))) return m(match[1])?.valuePerShare;
  if ((match = /^EnterpriseValue_(.+)$/.exec(name))) return m(match[1])?.enterpriseValue;
  if ((match = /^EquityValue_(.+)$/.exec(name))) return m(match[1])?.equityValue;
  // IBC: the assets' total on each basis, as the conclusion states it.
  if (name === 'TotalValue_FAIR_VALUE') return v.conclusion.fairValue?.totalValue;
  if (name === 'TotalValue_LIQUIDATION_VALUE') return v.conclusion.liquidationValue?.totalValue;
  return undefined;
}

async function served(create: Record<string, unknown>, document: unknown, body: Record<string, unknown>) {
  const e = await createEngagement(t, bearer, create);
  assert.equal(
    (await upload(t, bearer, e.id, 'FINANCIALS', 'f.json', Buffer.from(JSON.stringify(sourced(document))))).statusCode,
    201,
  );
  await t.worker.drain();
  const locked = await lock(t, bearer, e.id, {
    wacc: 12,
    terminalGrowthRate: 4,
    rationale: RATIONALE,
    projectionsReasonableness: PROJECTIONS_NOTE,
    ...body,
  });
  assert.equal(locked.statusCode, 200, locked.body);
  await t.worker.drain();
  const v = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/valuation`, headers: bearer })
  ).json();
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/engagements/${e.id}/valuation/workpapers.xlsx`,
    headers: bearer,
  });
  assert.equal(res.statusCode, 200, res.body);
  return { v, xlsx: res.rawPayload };
}

function diluted() {
  const doc = withDilutedCapital(fixture('sample-company.json'));
  doc.peers = [
    { name: 'Alpha Ltd', evToEbitda: 8, peRatio: 12, priceToBook: 2.1 },
    { name: 'Beta Ltd', evToEbitda: 10, peRatio: -5, priceToBook: 1.8 },
    { name: 'Gamma Ltd', evToEbitda: 12, peRatio: 20 },
    { name: 'Delta Ltd', evToEbitda: 15, priceToBook: 2.6 },
  ];
  doc.comparableMetrics = { profitAfterTax: 180 };
  doc.transactions = [
    { deal: 'Lambda Auto acquires Kappa Castings', date: '2025-11-15', evToEbitda: 9, evToRevenue: 1.5 },
    { deal: 'Mu Forge merges into Nu Components', date: '2025-06-30', evToEbitda: 11 },
  ];
  doc.recentRound = {
    date: '2026-06-30',
    instrument: 'CCPS',
    pricePerShare: 320,
    amountRaised: 500,
    armsLength: true,
    adjustments: [{ kind: 'TIME', percent: -5, reason: 'Sector multiples have fallen since the round.' }],
  };
  doc.equityBridge = { cashAtValuationDate: 210, debtAtValuationDate: 390, leaseLiabilities: 15 };
  return doc;
}

const CASES: [string, Record<string, unknown>, () => unknown, Record<string, unknown>][] = [
  [
    'RULE_11UA, no purpose: both NAV formulas and the DCF for information',
    { statute: 'RULE_11UA', purpose: undefined },
    () => fixture('sample-company.json'),
    {},
  ],
  [
    'RULE_11UA, a transfer on 1 April 2026: Rule 57',
    { statute: 'RULE_11UA', purpose: 'TRANSFER_OR_RECEIPT', valuationDate: '2026-04-01' },
    () => fixture('sample-company.json'),
    {},
  ],
  [
    'FEMA_RBI, a stub period with mid-year discounting',
    { statute: 'FEMA_RBI', purpose: 'ISSUE_TO_NON_RESIDENT', valuationDate: '2026-10-31' },
    () => fixture('sample-company.json'),
    { midYear: true },
  ],
  [
    'COMPANIES_ACT_SEC_62: diluted capital, peers at the 40th percentile, transactions, a round, a stub with the bridge rolled forward, discounts per method',
    { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined, valuationDate: '2026-10-31' },
    diluted,
    {
      methodWeights: { DCF: 40, NAV: 10, COMPARABLES: 20, TRANSACTIONS: 15, RECENT_ROUND: 15 },
      weightsRationale: 'Every approach the evidence supports, the income approach leading.',
      marketApproach: {
        statistic: 'PERCENTILE',
        percentile: 40,
        discountPercent: 10,
        discountRationale: 'Smaller and unlisted: a discount for size and liquidity.',
        transactionStatistic: 'PERCENTILE',
        transactionPercentile: 60,
      },
      dlocPercent: 10,
      dlocRationale: 'A 26 % minority stake cannot direct the board or a sale.',
      dlomPercent: 15,
      dlomRationale: 'Unlisted shares with no exit route within five years.',
    },
  ],
  [
    'IBC_LIQUIDATION, CIRP: fair and liquidation values',
    { statute: 'IBC_LIQUIDATION', purpose: undefined },
    () => fixture('ibc-shortfall.json'),
    {},
  ],
  [
    'IBC_LIQUIDATION, CIRP from asset registers, with the reconciliation (docs/asset-registers.md)',
    { statute: 'IBC_LIQUIDATION', purpose: undefined },
    () => fixture('ibc-registers.json'),
    {},
  ],
  [
    'IBC_LIQUIDATION, liquidation: the realisable value from asset registers',
    { statute: 'IBC_LIQUIDATION', purpose: 'LIQUIDATION_REALISABLE_VALUE' },
    () => fixture('ibc-registers.json'),
    {},
  ],
];

for (const [what, create, document, body] of CASES) {
  test(`LibreOffice recalculates the workpapers from their formulas alone, without an error value, to the API's figures: ${what}`, async () => {
    const { v, xlsx } = await served(create, document(), body);
    const { sheets, names, formulas } = await recalculateInLibreOffice(xlsx);
    assert.ok(formulas > 10, `formulas: ${formulas}`);
    const errors = [...sheets].flatMap(([sheet, rows]) =>
      rows.flatMap((r, i) =>
        r.map((c, j) => (ERROR_VALUE.test(c) ? `${sheet}!R${i + 1}C${j + 1} ${c}` : null)).filter((x) => x !== null),
      ),
    );
    assert.deepEqual(errors, []);
    let compared = 0;
    for (const [name, at] of names) {
      const expected = apiFigure(v, name);
      if (expected === undefined) continue;
      const cell = sheets.get(at.sheet)?.[at.row]?.[at.col];
      assert.ok(cell !== undefined && cell !== '', `${name}: a value at ${at.sheet}!R${at.row + 1}C${at.col + 1}`);
      assert.equal(paisa(cell), expected, `${name} recalculated by LibreOffice`);
      compared += 1;
    }
    assert.ok(compared >= (v.conclusion.valuePerShare === null ? 1 : 2), `named figures compared: ${compared}`);
  });
}
