// The certificate block of a FINAL report.
import { formatDate } from '../format.js';
import { COLOR, SIZE, type Writer } from '../pdf/layout.js';
import { firmName, type ReportInput } from '../report-input.js';

export function certificateBlock(w: Writer, input: ReportInput): void {
  const { doc } = w;
  const final = input.kind === 'FINAL';
  const verify =
    final && input.certificate
      ? `${input.certificate.verifyUrl} (drop this PDF file on that page)`
      : 'Drafts are never certified and do not verify.';
  const lines: [string, string][] = [
    ['Report ID', input.reportId],
    ['Engagement ID', input.engagement.id],
    ['Target entity', input.engagement.targetEntity],
    ['Issued by', firmName(input)],
    ...(input.firm.registration ? ([['Firm registration', input.firm.registration]] as [string, string][]) : []),
    ...(final && input.certificate
      ? ([
          [
            'Signed by',
            input.certificate.signedBy + (input.certificate.designation ? `, ${input.certificate.designation}` : ''),
          ],
          ...(input.certificate.registrations ?? []).map((r, i) => [
            i === 0 ? 'Registration' : '',
            r + (input.certificate!.demo ? ' [DEMO: not a real registration]' : ''),
          ]),
          ['Signed at', formatDate(input.certificate.signedAt)],
          ...(input.certificate.pdfSeal
            ? ([
                [
                  'PDF signature',
                  `${input.certificate.pdfSeal.subject}, issued by ${input.certificate.pdfSeal.issuer}`,
                ],
                ...(input.certificate.pdfSeal.source === 'ISSUED'
                  ? [
                      [
                        'Issuing CA',
                        `${input.certificate.pdfSeal.caCertificateUrl} (the service's own CA, not an external authority)`,
                      ],
                    ]
                  : []),
              ] as [string, string][])
            : []),
        ] as [string, string][])
      : []),
    ['Verification', verify],
  ];
  const intro = final
    ? "This file carries a PDF signature (the firm's seal, made with the certificate named below) that any PDF reader can check, and it is certified besides with the service's Ed25519 signature over the report ID, the engagement ID, the firm, the signatory, the signing time and the SHA-256 of this file. To verify it, open the verification page below and drop this PDF file there, or a copy the signing partner signed afterwards with their own digital signature certificate: the page computes the file's SHA-256 and lists its signatures. Any change to the signed bytes breaks the signatures."
    : 'This is a DRAFT for review. It is not certified, carries no signature and must not be relied upon. The FINAL report is signed on completion; its SHA-256 can then be verified at the address below.';
  doc.font('Regular').fontSize(SIZE.body);
  const introH = doc.heightOfString(intro, { width: w.width - 28, lineGap: 1.5 });
  const boxH = 40 + introH + lines.length * 15 + 16;
  if (doc.y + boxH + 20 > w.bottom) doc.addPage();
  w.sections.push({ title: final ? 'Certificate' : 'Draft status', page: w.page });
  doc.moveDown(1);
  const y = doc.y;
  doc
    .rect(w.left, y, w.width, boxH)
    .lineWidth(1.2)
    .strokeColor(final ? COLOR.accent : COLOR.draft)
    .stroke();
  doc
    .font('Bold')
    .fontSize(SIZE.h2 + 1)
    .fillColor(final ? COLOR.accent : COLOR.draft)
    .text(final ? 'Certificate of report integrity' : 'Draft: not certified', w.left + 14, y + 12, {
      width: w.width - 28,
    });
  doc
    .font('Regular')
    .fontSize(SIZE.body)
    .fillColor(COLOR.ink)
    .text(intro, w.left + 14, doc.y + 4, { width: w.width - 28, lineGap: 1.5 });
  let ly = doc.y + 8;
  for (const [k, val] of lines) {
    doc
      .font('Bold')
      .fontSize(SIZE.small + 0.5)
      .text(k, w.left + 14, ly, { width: 110 });
    doc.font('Regular').text(val, w.left + 124, ly, { width: w.width - 138 });
    ly = Math.max(doc.y, ly + 13) + 2;
  }
  doc.y = y + boxH + 8;
}
