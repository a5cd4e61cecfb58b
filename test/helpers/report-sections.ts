// The sections of a valuation report, in the order Rule 8 of the 2017 Rules and ICAI VS 202 give them.

/**
 * The section headings a report shows: the sensitivity follows the computation where a DCF is shown, and under the IBC
 * the representations are not the management's alone. The report ends with its signature and the one line that says
 * where to verify it; the service's certificate is the firm's working file (docs/report-signatures.md).
 */
export function reportSections({ sensitivity = false, ibc = false } = {}): string[] {
  return [
    'Purpose, appointing authority and statutory framework',
    'Identity of the valuer, other experts, independence and interest',
    'Scope of work, dates, inspections and investigations',
    'Background of the company',
    'Historical financial performance',
    'Sources of information',
    'Basis and premise of value',
    'Valuation approaches and methods',
    'Key assumptions',
    'Computation',
    ...(sensitivity ? ['Sensitivity analysis'] : []),
    'Conclusion of value',
    ibc ? 'Representations' : 'Management representations',
    'Caveats, limitations and disclaimers',
    'Signature',
  ];
}
