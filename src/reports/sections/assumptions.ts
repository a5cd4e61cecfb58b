// Key assumptions and the conventions applied.
import { formatDate, percent } from '../format.js';
import { type Writer } from '../pdf/layout.js';
import { type ReportInput } from '../report-input.js';

export function assumptions(w: Writer, input: ReportInput): void {
  const a = input.assumptions;
  const v = input.valuation;
  w.section('Key assumptions');
  // The cost of capital and growth matter only where an income approach (DCF) is used.
  const dcf = v.methods.some((m) => m.method === 'DCF');
  w.facts([
    ...(dcf
      ? ([
          ['Weighted average cost of capital (WACC)', percent(a.wacc)],
          ['Terminal growth rate (g)', percent(a.terminalGrowthRate)],
          ['Discounting convention', a.midYear ? 'Mid-year discounting' : 'End-of-year discounting'],
        ] as [string, string][])
      : ([['Income approach', 'Not used: no cost of capital or growth rate enters this valuation']] as [string, string][])),
    ['Locked by', a.lockedBy],
    ['Locked at', formatDate(a.lockedAt)],
  ], 0.4);
  w.subheading('Rationale');
  w.paragraph(a.rationale);
  if (v.conventions.statements.length > 0) {
    w.subheading('Conventions applied');
    for (const s of v.conventions.statements) w.bullet(s);
  }
}
