/** The TRANSACTIONS sheet: comparable deals' multiples, their statistic, the implied values. */
import { MULTIPLE_LABELS } from '../../domain/valuation/comparables.js';
import { MULTIPLE_FORMAT, RUPEE_FORMAT, Sheet, lineValues, SHEET_NAME } from './cells.js';
import type { InputCells, WorkbookContext } from './context.js';
import { perShareCells } from './per-share.js';

export function writeTransactions(ctx: WorkbookContext, cells: InputCells): void {
  const { wb, known, f, name, method, values } = ctx;
  const { shares, bridge } = cells;
  const transactions = method('TRANSACTIONS');
  if (transactions && f.transactions?.length) {
    const s = new Sheet(wb, known, SHEET_NAME.TRANSACTIONS);
    s.title("Comparable transactions: each deal's multiples, their median, the implied values (formulas)");
    const lv = lineValues(transactions);
    const implied: string[] = [];
    for (const key of ['evToEbitda', 'evToRevenue'] as const) {
      const label = MULTIPLE_LABELS[key].multiple;
      if (!lv.has(`${label}: implied equity value`)) continue;
      s.heading(label);
      const first = s.row;
      for (const d of f.transactions) {
        if (d[key] === undefined) continue;
        s.ws.getCell(s.row, 1).value = `${d.deal} (${d.date})`;
        if (Number(d[key]) > 0) s.set(s.row, 2, Number(d[key]), MULTIPLE_FORMAT);
        else s.set(s.row, 2, `${d[key]} (excluded: not positive)`);
        s.row += 1;
      }
      // The statistic the valuer chose for the deals (median by default), as the engine computed it.
      const statisticLine = transactions.lines.find(
        (l) => l.label.startsWith(`${label}: `) && / of \d+ deals?$/.test(l.label),
      )!;
      const chosen = /: (median|mean|([\d.]+)th percentile) of /.exec(statisticLine.label)!;
      const range = `B${first}:B${s.row - 1}`;
      const statistic = s.put(
        `${chosen[1][0].toUpperCase()}${chosen[1].slice(1)} of the deals' positive multiples`,
        {
          f:
            chosen[1] === 'mean'
              ? `AVERAGE(${range})`
              : chosen[2]
                ? `PERCENTILE.INC(${range},${Number(chosen[2]) / 100})`
                : `MEDIAN(${range})`,
          result: Number(statisticLine.value),
        },
        MULTIPLE_FORMAT,
      );
      // The deals' control premium taken out of the statistic, ÷ (1 + premium) (as the engine's line names it).
      const controlLine = transactions.lines.find((l) => l.label.startsWith(`${label}: after removing `));
      const percent = /([\d.]+)% control premium/.exec(controlLine?.label ?? '')?.[1];
      const applied = percent
        ? s.put(
            `After removing the deals' ${percent}% control premium: statistic ÷ (1 + ${percent}%)`,
            { f: `${statistic}/(1+${percent}/100)`, result: Number(controlLine!.value) },
            MULTIPLE_FORMAT,
          )
        : statistic;
      const metricLine = transactions.lines.find((l) => l.label.startsWith(`${label}: target `))!;
      const metric = s.put(`Target ${MULTIPLE_LABELS[key].metric}`, Number(metricLine.value), RUPEE_FORMAT);
      const ev = s.put(
        `Implied enterprise value = ${percent ? 'multiple without the control premium' : 'median'} × target metric`,
        { f: `${applied}*${metric}`, result: lv.get(`${label}: implied enterprise value`) },
        RUPEE_FORMAT,
      );
      implied.push(
        s.put(
          "Implied equity value (the DCF's equity bridge)",
          { f: `${ev}${bridge}`, result: lv.get(`${label}: implied equity value`) },
          RUPEE_FORMAT,
        ),
      );
      s.row += 1;
    }
    const equity = s.put(
      `Equity value (simple average of ${implied.length} ${implied.length === 1 ? 'multiple' : 'multiples'})`,
      { f: `AVERAGE(${implied.join(',')})`, result: Number(transactions.equityValue) },
      RUPEE_FORMAT,
    );
    values.TRANSACTIONS = perShareCells(s, transactions, equity, shares, name).perShare;
  }
}
