// The firm's own quality-control record of an engagement's reviews (docs/decisions.md, Reports): every
// round, every gate decision with its comment or reason, the documents received, every report with its ids, hash and
// certificate, and the assumptions of each version. It stays
// in the firm — the client's report says nothing of the reviews (docs/report-signatures.md) — and is never signed.
import { COLOR, SIZE } from './pdf/layout.js';
import { openDocument } from './pdf/document.js';
import { STATUTE_SHORT, formatBytes, formatDate, formatDayInIndia, rupees } from './format.js';
import { gateLabelOf } from '../contract/stages.js';
import type { ReportInput } from './report-input.js';
import { DOCUMENT_KIND_LABELS, type DocumentKind } from '../contract/document-kinds.js';

export interface ReviewRecordInput {
  firmName: string;
  engagement: {
    id: string;
    targetEntity: string;
    cin: string | null;
    statute: ReportInput['engagement']['statute'];
    status: string;
  };
  generatedAt: string;
  decisions: ReportInput['reviewTrail'];
  /** Every document received, oldest first: what the client's report identifies by title and digest only. */
  documents: {
    kind: string;
    title: string | null;
    fileName: string;
    sizeBytes: number;
    receivedAt: string;
    status: string;
    sha256: string;
  }[];
  /**
   * Every report rendered, oldest first: the service's id, the firm's reference, the file's SHA-256 and, for a FINAL,
   * the service's Ed25519 certificate and the seal's certificate — what the client's report leaves out.
   */
  reports: {
    id: string;
    kind: 'DRAFT' | 'FINAL';
    reference: string | null;
    status: string;
    createdAt: string;
    sha256: string | null;
    signingKeyId: string | null;
    seal: { subject: string; issuer: string; source: 'ISSUED' | 'UPLOADED' } | null;
    error: string | null;
  }[];
  /** The address of the service's CA certificate, which issues a firm's seal when it has uploaded none. */
  caCertificateUrl: string;
  versions: {
    version: number;
    status: 'SUPERSEDED' | 'CURRENT';
    /** Absent where none were locked (the prescribed NAV of a transfer needs none). */
    wacc?: number;
    terminalGrowthRate?: number;
    rationale: string;
    lockedAt: string;
    lockedBy: string;
    valuePerShare: string | null;
    revision: { gate: string; reason: string; by: string | null; at: string } | null;
  }[];
}

const DECISION: Record<string, string> = {
  APPROVED: 'Approved',
  REJECTED: 'Declined',
  RETURNED_FOR_REVISION: 'Returned for revision',
};

export async function renderReviewRecord(input: ReviewRecordInput): Promise<Buffer> {
  const at = new Date(input.generatedAt);
  const { doc, w, finish } = openDocument(
    {
      Title: `Review record: ${input.engagement.targetEntity}`,
      Author: input.firmName,
      Subject: `Internal quality-control record of engagement ${input.engagement.id}`,
    },
    at,
  );
  w.section('Review record');
  w.paragraph(
    `Internal to ${input.firmName}: not part of the client's report, and not signed. It records every review round of the engagement, each gate's decision with its comment or reason, and the assumptions of each version.`,
    { color: COLOR.muted },
  );
  w.facts(
    [
      ['Company', input.engagement.targetEntity],
      ['CIN', input.engagement.cin ?? 'Not provided'],
      ['Statute', STATUTE_SHORT[input.engagement.statute]],
      ['Engagement', `${input.engagement.id} (${input.engagement.status})`],
      ['Record made', formatDayInIndia(input.generatedAt)],
    ],
    0.25,
  );

  const rounds = [...new Set(input.decisions.map((d) => d.round ?? 1))];
  w.subheading('Gate decisions');
  if (input.decisions.length === 0) w.paragraph('No gate has been decided yet.', { color: COLOR.muted });
  for (const round of rounds) {
    w.paragraph(`Round ${round}`, { bold: true, align: 'left' });
    w.table(
      [
        { header: 'Gate', width: 0.24 },
        { header: 'Decision', width: 0.16 },
        { header: 'By', width: 0.16 },
        { header: 'When', width: 0.14 },
        { header: 'Comment or reason', width: 0.3 },
      ],
      input.decisions
        .filter((d) => (d.round ?? 1) === round)
        .map((d) => [
          gateLabelOf(d.gate),
          DECISION[d.decision] ?? d.decision,
          d.by,
          formatDayInIndia(d.at),
          d.comment ?? '—',
        ]),
      { fontSize: SIZE.small + 0.5 },
    );
  }

  w.subheading('Documents received');
  if (input.documents.length === 0) w.paragraph('No document has been received.', { color: COLOR.muted });
  else
    w.table(
      [
        { header: '#', width: 0.05 },
        { header: 'Document and file', width: 0.43 },
        { header: 'Size', width: 0.1, align: 'right' },
        { header: 'Received', width: 0.2 },
        { header: 'SHA-256 (first 16)', width: 0.22 },
      ],
      input.documents.map((d, i) => [
        String(i + 1),
        `${d.title ?? DOCUMENT_KIND_LABELS[d.kind as DocumentKind] ?? d.kind}: ${d.fileName}${d.status === 'REJECTED' ? ' (rejected)' : ''}`,
        formatBytes(d.sizeBytes),
        formatDate(d.receivedAt),
        d.sha256.slice(0, 16),
      ]),
      { fontSize: SIZE.small },
    );

  reportsIssued(w, input);

  w.subheading('Assumptions, version by version');
  if (input.versions.length === 0) w.paragraph('No assumptions have been locked.', { color: COLOR.muted });
  for (const v of input.versions) {
    w.facts(
      [
        ['Version', `${v.version} (${v.status === 'CURRENT' ? 'in force' : 'superseded'})`],
        ...(v.wacc !== undefined && v.terminalGrowthRate !== undefined
          ? ([['WACC / terminal growth', `${v.wacc}% / ${v.terminalGrowthRate}%`]] as [string, string][])
          : []),
        // An IBC valuation values the assets, never the shares: no line per share (docs/statutes.md, IBC).
        ...(input.engagement.statute === 'IBC_LIQUIDATION'
          ? []
          : ([['Value per share', v.valuePerShare ? rupees(v.valuePerShare) : 'Not computed']] as [string, string][])),
        ['Locked', `${v.lockedBy}, ${formatDayInIndia(v.lockedAt)}`],
        ['Rationale', v.rationale],
        ...(v.revision
          ? ([
              [
                'Returned for revision',
                `${gateLabelOf(v.revision.gate)}, ${v.revision.by ?? 'unknown'}, ${formatDayInIndia(v.revision.at)}: ${v.revision.reason}`,
              ],
            ] as [string, string][])
          : []),
      ],
      0.25,
    );
  }
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Regular')
      .fontSize(7.5)
      .fillColor(COLOR.muted)
      .text(
        `Internal review record · ${input.engagement.id} · page ${i - range.start + 1} of ${range.count}`,
        doc.page.margins.left,
        doc.page.height - bottom + 22,
        { lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
  }
  return finish();
}

/** The reports and what certifies each: the working file's half of the report's one line of verification. */
function reportsIssued(w: ReturnType<typeof openDocument>['w'], input: ReviewRecordInput): void {
  w.subheading('Reports');
  if (input.reports.length === 0) w.paragraph('No report has been rendered yet.', { color: COLOR.muted });
  for (const r of input.reports) {
    w.facts(
      [
        ['Report', `${r.kind}${r.reference ? ` ${r.reference}` : ''} (${r.status.toLowerCase()})`],
        ['Service id', `${r.id} of engagement ${input.engagement.id}`],
        ['Created', formatDate(r.createdAt)],
        ...(r.sha256 ? ([['SHA-256', r.sha256]] as [string, string][]) : []),
        ...(r.signingKeyId
          ? ([
              [
                'Certified',
                `The service's Ed25519 signature (key ${r.signingKeyId}) over the report id, the engagement, the firm, the signatory, the signing time and the SHA-256`,
              ],
            ] as [string, string][])
          : []),
        ...(r.seal
          ? ([
              [
                'PDF seal',
                `${r.seal.subject}, issued by ${r.seal.issuer}${r.seal.source === 'ISSUED' ? ` (the service's own CA, ${input.caCertificateUrl})` : ''}`,
              ],
            ] as [string, string][])
          : []),
        ...(r.error ? ([['Failed', r.error]] as [string, string][]) : []),
      ],
      0.25,
    );
  }
}
