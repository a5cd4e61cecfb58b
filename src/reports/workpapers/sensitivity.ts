/** The Sensitivity sheet: the DCF value per share over a grid of WACC and terminal growth, fully diluted where the DCF is. */
import { dilutiveInstruments } from '../../domain/valuation/dilution.js';
import { COUNT_FORMAT, PERCENT_FORMAT, RUPEE_FORMAT, Sheet, colName, type Value } from './cells.js';
import type { InputCells, WorkbookContext } from './context.js';
import type { DcfCells } from './dcf.js';

export function writeSensitivity(ctx: WorkbookContext, cells: InputCells, dcfCells: DcfCells): void {
  const { wb, known, f, v } = ctx;
  const { wacc, growth, stub, shares, bridge } = cells;
  const { range, termFcff, years: n } = dcfCells;
  if (!v.sensitivity) return;
  const sensitivity = v.sensitivity;
  const sens = new Sheet(wb, known, 'Sensitivity');
  const options = dcfCells.addBack !== undefined ? (dilutiveInstruments(f)?.options ?? []) : null;
  sens.title(
    options
      ? 'Sensitivity: DCF value per share, fully diluted (rows: WACC, columns: terminal growth), formulas over DCF and Inputs'
      : 'Sensitivity: DCF value per share (rows: WACC, columns: terminal growth), formulas over DCF and Inputs',
  );
  const steps = [-1, -0.5, 0, 0.5, 1];
  // The DCF's equity value at WACC wl and growth g; none where g ≥ WACC or WACC ≤ 0 (no perpetuity value).
  const noValue = (g: string, wl: string) => `OR(${g}>=${wl},${wl}<=0)`;
  const equityAt = (g: string, wl: string) =>
    `SUMPRODUCT(${range('counted')}/(1+${wl}/100)^${range('exp')})+${termFcff}*(1+${g}/100)/(${wl}/100-${g}/100)/(1+${wl}/100)^(${stub}+${n}-1)${bridge}`;
  // A grid of WACC rows and growth columns; `cell` gives each figure's content from its growth and WACC cells.
  const grid = (
    corner: string,
    cell: (g: string, wl: string, i: number, j: number) => { f: string; result?: Value },
  ) => {
    const top = sens.row;
    sens.ws.getCell(top, 1).value = corner;
    steps.forEach((d, j) =>
      sens.set(top, 2 + j, { f: `${growth}+(${d})`, result: Number(sensitivity.growthValues[j]) }, PERCENT_FORMAT),
    );
    const cells = steps.map((d, i) => {
      const r = top + 1 + i;
      sens.set(r, 1, { f: `${wacc}+(${d})`, result: Number(sensitivity.waccValues[i]) }, PERCENT_FORMAT);
      return steps.map((_, j) =>
        sens.set(r, 2 + j, cell(`Sensitivity!${colName(2 + j)}$${top}`, `Sensitivity!$A${r}`, i, j), RUPEE_FORMAT),
      );
    });
    sens.row = top + steps.length + 2;
    return cells;
  };
  const cached = (i: number, j: number) => (sensitivity.grid[i][j] === null ? '' : Number(sensitivity.grid[i][j]));
  if (!options) {
    grid('WACC \\ g (percentage points from the base)', (g, wl, i, j) => ({
      f: `IF(${noValue(g, wl)},"",(${equityAt(g, wl)})/${shares})`,
      result: cached(i, j),
    }));
  } else {
    // Fully diluted as the engine dilutes (docs/valuation-method.md, Fully diluted shares): every option and
    // warrant in order of exercise price, the largest set exercised whose last price is below the value it
    // gives. Laid out as the derivation runs: the dilution inputs, each cell's equity value, then per share.
    sens.heading(
      "Dilution: the DCF's add-back and conversion shares; options and warrants by exercise price, cumulated",
    );
    const addBack = sens.put('Add: CCPS capital and CCD principal (DCF)', { f: dcfCells.addBack! }, RUPEE_FORMAT);
    const conversion = sens.put(
      'Equity shares on conversion of CCPS and CCDs (DCF)',
      { f: dcfCells.conversion! },
      COUNT_FORMAT,
    );
    const tranches = options.map((o, k) => {
      const r = sens.row;
      sens.ws.getCell(r, 1).value =
        `${o.holder} (${o.instrument}): number, exercise price (₹), proceeds and number so far`;
      const number = sens.set(r, 2, Number(o.number), COUNT_FORMAT);
      const price = sens.set(r, 3, Number(o.exercisePrice), RUPEE_FORMAT);
      const proceeds = sens.set(
        r,
        4,
        { f: `${k > 0 ? `Sensitivity!$D$${r - 1}+` : ''}${number}*${price}` },
        RUPEE_FORMAT,
      );
      const count = sens.set(r, 5, { f: `${k > 0 ? `Sensitivity!$E$${r - 1}+` : ''}${number}` }, COUNT_FORMAT);
      sens.row += 1;
      return { price, proceeds, count };
    });
    sens.row += 1;
    const equity = grid('Equity value (₹): WACC \\ g', (g, wl) => ({
      f: `IF(${noValue(g, wl)},"",${equityAt(g, wl)})`,
    }));
    grid('WACC \\ g (percentage points from the base)', (_g, _wl, i, j) => {
      const eq = equity[i][j];
      const valueWith = (m: number) =>
        m === 0
          ? `(${eq}+${addBack})/(${shares}+${conversion})`
          : `(${eq}+${addBack}+${tranches[m - 1].proceeds})/(${shares}+${conversion}+${tranches[m - 1].count})`;
      let f = valueWith(0);
      for (let m = 1; m <= tranches.length; m++)
        f = `IF(${tranches[m - 1].price}<${valueWith(m)},${valueWith(m)},${f})`;
      return { f: `IF(${eq}="","",${f})`, result: cached(i, j) };
    });
  }
}
