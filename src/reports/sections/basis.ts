// Basis and premise of value (ICAI Valuation Standard 102, Valuation Bases; docs/statutes.md).
import { type Writer } from '../pdf/layout.js';
import { type ReportInput } from '../report-input.js';
import { ibcPremiseLines } from './ibc-statements.js';

/** The rounding rule, said once, in the words a reader checks a figure by. */
const ROUNDING_RULE =
  'Every figure is computed from the exact figures and shown rounded once, half-up, to the paisa (amounts in lakh or crore to two decimals of the unit); no figure is computed from another rounded figure. A total may therefore differ from the sum of its rounded parts; where it does, a rounding-difference line follows.';
const PER_SHARE_ROUNDING =
  ' Each value per share stands beside the equity value and the number of shares (basic or fully diluted) it divides.';

/** The rounding rule; an IBC report gives no figure per share, so it says nothing of one (docs/statutes.md, IBC). */
function rounding(input: ReportInput): string {
  const ibc = input.engagement.statute === 'IBC_LIQUIDATION';
  return ROUNDING_RULE + (ibc ? '' : PER_SHARE_ROUNDING);
}

export function basisAndPremise(w: Writer, input: ReportInput): void {
  w.section('Basis and premise of value');
  basisLines(w, input);
  w.labelled('Rounding', rounding(input));
}

function basisLines(w: Writer, input: ReportInput): void {
  const ibc = input.engagement.statute === 'IBC_LIQUIDATION';
  if (ibc && input.engagement.purpose === 'LIQUIDATION_REALISABLE_VALUE') {
    w.labelled(
      'Basis of value',
      'Realisable value of the assets in liquidation, as Regulation 35 of the Insolvency and Bankruptcy Board of India (Liquidation Process) Regulations, 2016 asks for it (ICAI Valuation Standard 102).',
    );
    ibcPremiseLines(w, input);
    return;
  }
  if (ibc) {
    w.labelled(
      'Basis of value',
      "Fair value and liquidation value as the insolvency regulations define them: the realisable value of the assets between a willing buyer and a willing seller at arm's length, and their realisable value were the company liquidated, both on the insolvency commencement date (ICAI Valuation Standard 102).",
    );
    ibcPremiseLines(w, input);
    return;
  }
  const fmv = input.engagement.statute === 'RULE_11UA';
  w.labelled(
    'Basis of value',
    fmv
      ? 'Fair market value as the Income-tax rules prescribe it: the formula of the rule is applied as written, whatever another basis would give.'
      : 'Fair value: the price that would be received to sell the shares in an orderly transaction between market participants at the valuation date (ICAI Valuation Standard 102).',
  );
  w.labelled(
    'Premise of value',
    'Going concern: the company continues its business for the foreseeable future; no liquidation is intended or required.',
  );
}
