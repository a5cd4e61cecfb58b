/** The statutory NAV sheets: Rule 11UA(2)(a), Rule 11UA(1)(c)(b) and Rule 57 of the Income-tax Rules, 2026. */
import { RUPEE_FORMAT, SHEET_NAME, Sheet, lineValues } from './cells.js';
import type { InputCells, WorkbookContext } from './context.js';

export function writeStatutoryNav(ctx: WorkbookContext, cells: InputCells): void {
  const { wb, known, name, method, values } = ctx;
  const { bs, adj, faceValue, totalAssetsF, totalClaimsF } = cells;
  for (const code of ['NAV_11UA_2A', 'NAV_11UA_1CB', 'NAV_RULE_57'] as const) {
    const m = method(code);
    if (!m) continue;
    const lv = lineValues(m);
    const fair = code !== 'NAV_11UA_2A';
    const s = new Sheet(wb, known, SHEET_NAME[code]);
    s.title(
      code === 'NAV_RULE_57'
        ? 'Income-tax Rules, 2026, Rule 57 (Table, Sl. No. 4): (A + B + C + D − L) × PV / PE'
        : fair
          ? 'Rule 11UA(1)(c)(b): (A + B + C + D − L) × PV / PE'
          : 'Rule 11UA(2)(a): (A − L) × PV / PE',
    );
    const total = s.put(
      'Total assets as per balance sheet (book value)',
      { f: totalAssetsF, result: lv.get('Total assets as per balance sheet (book value)') },
      RUPEE_FORMAT,
    );
    const less = [
      ...(fair ? [adj.jewelleryAndArtBookValue, adj.sharesAndSecuritiesBookValue, adj.immovablePropertyBookValue] : []),
      adj.incomeTaxPaidNetOfRefund,
      adj.unamortisedExpenditure,
    ];
    const a = s.put(
      'A = total assets − excluded assets',
      { f: `${total}-${less.join('-')}`, result: lv.get('A') },
      RUPEE_FORMAT,
    );
    const bcd = fair
      ? [
          s.put(
            'B: jewellery and artistic work at open-market value',
            { f: adj.jewelleryAndArtMarketValue },
            RUPEE_FORMAT,
          ),
          s.put('C: shares and securities at fair market value', { f: adj.sharesAndSecuritiesFairValue }, RUPEE_FORMAT),
          s.put('D: immovable property at stamp-duty value', { f: adj.immovablePropertyStampDutyValue }, RUPEE_FORMAT),
        ]
      : [];
    const claims = s.put(
      'Total equity and liabilities (book value)',
      { f: totalClaimsF, result: lv.get('Total equity and liabilities as per balance sheet (book value)') },
      RUPEE_FORMAT,
    );
    const arrears = s.put(
      'Add: arrears of dividends on cumulative preference shares',
      { f: adj.arrearsOfCumulativePreferenceDividend },
      RUPEE_FORMAT,
    );
    const l = s.put(
      'L = claims − equity capital − reserves − undeclared dividends − excess tax provision − unascertained provisions + arrears',
      {
        f: `${claims}-${bs.equityShareCapital}-${bs.reservesAndSurplus}-${adj.proposedDividendsNotDeclared}-${adj.provisionForTaxationExcess}-${adj.unascertainedLiabilityProvisions}+${arrears}`,
        result: lv.get('L'),
      },
      RUPEE_FORMAT,
    );
    const nav = s.put(
      fair ? '(A + B + C + D − L)' : '(A − L)',
      { f: `${a}${bcd.map((x) => `+${x}`).join('')}-${l}`, result: Number(m.equityValue) },
      RUPEE_FORMAT,
    );
    const pe = s.put('PE: paid-up equity share capital', { f: bs.equityShareCapital }, RUPEE_FORMAT);
    const perShare = s.put(
      'Fair market value per share = NAV × PV / PE',
      { f: `${nav}*${faceValue}/${pe}`, result: Number(m.valuePerShare) },
      RUPEE_FORMAT,
    );
    name(`ValuePerShare_${code}`, perShare);
    values[code] = perShare;
  }
}
