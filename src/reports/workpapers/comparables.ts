/** The COMPARABLES sheet: each peer's multiples, the chosen statistic of each, the implied values. */
import { MULTIPLE_LABELS, type MultipleKey } from '../../domain/valuation/comparables.js';
import { MULTIPLE_FORMAT, RUPEE_FORMAT, Sheet, colName, lineValues, SHEET_NAME } from './cells.js';
import type { InputCells, WorkbookContext } from './context.js';
import { perShareCells } from './per-share.js';

export function writeComparables(ctx: WorkbookContext, cells: InputCells): void {
  const { wb, known, f, name, method, values } = ctx;
  const { shares, bridge } = cells;
  const comparables = method('COMPARABLES');
  if (comparables && f.peers.length > 0) {
    const s = new Sheet(wb, known, SHEET_NAME.COMPARABLES);
    // The statistic and any discount the valuer chose, as the engine's lines name them.
    const statisticLine = comparables.lines.find((l) => / of \d+ peers?$/.test(l.label));
    const statistic = /: (median|mean|([\d.]+)th percentile) of/.exec(statisticLine?.label ?? '');
    const statisticName = statistic?.[1] ?? 'median';
    const statisticFormula = (range: string) =>
      statisticName === 'mean'
        ? `AVERAGE(${range})`
        : statistic?.[2]
          ? `PERCENTILE.INC(${range},${Number(statistic[2]) / 100})`
          : `MEDIAN(${range})`;
    s.title(
      `Comparable company multiples: each peer, the ${statisticName} of each multiple, the implied values (formulas)`,
    );
    const keys = Object.keys(MULTIPLE_LABELS) as MultipleKey[];
    const header = s.row;
    ['Peer', ...keys.map((k) => MULTIPLE_LABELS[k].multiple)].forEach((h, i) => {
      const cell = s.ws.getCell(header, 1 + i);
      cell.value = h;
      cell.font = { bold: true };
    });
    s.row += 1;
    const firstPeer = s.row;
    for (const peer of f.peers) {
      s.ws.getCell(s.row, 1).value = peer.name;
      // A multiple a peer does not report stays blank, and one that is not positive is written as text: the
      // statistic skips both, as the engine leaves them out.
      keys.forEach((k, i) => {
        if (peer[k] === undefined) return;
        if (Number(peer[k]) > 0) s.set(s.row, 2 + i, Number(peer[k]), MULTIPLE_FORMAT);
        else s.set(s.row, 2 + i, `${peer[k]} (excluded: ${Number(peer[k]) === 0 ? 'zero' : 'negative'})`);
      });
      s.row += 1;
    }
    const lastPeer = s.row - 1;
    const medianRow = s.row;
    s.ws.getCell(medianRow, 1).value =
      `${statisticName[0].toUpperCase()}${statisticName.slice(1)} of the peers' positive multiples`;
    s.ws.getCell(medianRow, 1).font = { bold: true };
    const lv = lineValues(comparables);
    const medians: Partial<Record<MultipleKey, string>> = {};
    keys.forEach((k, i) => {
      const col = colName(2 + i);
      const label = MULTIPLE_LABELS[k].multiple;
      const engineStatistic = comparables.lines.find((l) => l.label.startsWith(`${label}: ${statisticName} of`));
      if (!f.peers.some((p) => p[k] !== undefined && Number(p[k]) > 0)) return;
      let cell = s.set(
        medianRow,
        2 + i,
        {
          f: statisticFormula(`${col}${firstPeer}:${col}${lastPeer}`),
          result: engineStatistic ? Number(engineStatistic.value) : undefined,
        },
        MULTIPLE_FORMAT,
      );
      const discount = comparables.lines.find((l) => l.label.startsWith(`${label}: after a `));
      const percent = /after a ([\d.]+)% discount/.exec(discount?.label ?? '')?.[1];
      if (percent) {
        // The discount to the peers, one row below the statistic.
        s.ws.getCell(medianRow + 1, 1).value = `After a ${percent}% discount to the peers`;
        cell = s.set(
          medianRow + 1,
          2 + i,
          { f: `${cell}*(1-${percent}/100)`, result: Number(discount!.value) },
          MULTIPLE_FORMAT,
        );
      }
      medians[k] = cell;
    });
    if (comparables.lines.some((l) => l.label.includes(': after a '))) s.row += 1;
    s.row += 2;
    const implied: string[] = [];
    for (const k of keys) {
      const label = MULTIPLE_LABELS[k].multiple;
      const equityLine = `${label}: implied equity value`;
      if (!lv.has(equityLine) || !medians[k]) continue; // not applied (the engine says why in its warnings)
      s.heading(label);
      const metricLine = comparables.lines.find((l) => l.label.startsWith(`${label}: target `))!;
      const metric = s.put(
        `Target ${MULTIPLE_LABELS[k].metric}${metricLine.note ? ` (${metricLine.note})` : ''}`,
        Number(metricLine.value),
        RUPEE_FORMAT,
      );
      const enterprise = k === 'evToEbitda' || k === 'evToRevenue';
      if (enterprise) {
        const ev = s.put(
          `Implied enterprise value = ${statisticName} multiple × target metric`,
          { f: `${medians[k]}*${metric}`, result: lv.get(`${label}: implied enterprise value`) },
          RUPEE_FORMAT,
        );
        implied.push(
          s.put(
            'Implied equity value = EV − borrowings − preference capital + cash + current investments + non-operating assets',
            { f: `${ev}${bridge}`, result: lv.get(equityLine) },
            RUPEE_FORMAT,
          ),
        );
      } else {
        implied.push(
          s.put(
            `Implied equity value = ${statisticName} multiple × target metric`,
            { f: `${medians[k]}*${metric}`, result: lv.get(equityLine) },
            RUPEE_FORMAT,
          ),
        );
      }
      s.row += 1;
    }
    const equity = s.put(
      `Equity value (simple average of ${implied.length} ${implied.length === 1 ? 'multiple' : 'multiples'})`,
      { f: `AVERAGE(${implied.join(',')})`, result: Number(comparables.equityValue) },
      RUPEE_FORMAT,
    );
    const perShare = perShareCells(s, comparables, equity, shares, name).perShare;
    name('EquityValue_COMPARABLES', equity);
    values.COMPARABLES = perShare;
  }
}
