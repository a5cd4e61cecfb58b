import type { ServiceContext } from '../platform/service-context.js';
import type { Principal } from '../../domain/identity/roles.js';
import type { ValuationResult } from '../../domain/valuation/types.js';
import { renderReviewRecord, type ReviewRecordInput } from '../../reports/review-record.js';
import { getAssumptions, getValuation, listAssumptionVersions } from '../valuation/valuation-data.repository.js';
import { displayNameOf, getFirm } from '../identity/users.repository.js';
import { requireEngagement } from '../engagements/engagement-reads.service.js';
import { listEveryDocument } from '../engagements/documents.repository.js';
import { reviewTrail } from './review-trail.service.js';
import { fileSafe } from './report-download.service.js';
import { revisionOf, versionRates } from '../valuation/assumptions.service.js';
import { listReportsOfEngagement } from './reports.repository.js';
import { CA_CERTIFICATE_PATH } from './signing-certificates.service.js';

/**
 * The firm's own quality-control record of the engagement's reviews: every round and decision with its
 * comment or reason, every document received (file name, size, minute of arrival), and the assumptions of each
 * version. Rendered on request, never signed, never sent
 * to the client (the report says nothing of the reviews: docs/report-signatures.md).
 */
export async function reviewRecord(ctx: ServiceContext, principal: Principal, engagementId: string) {
  const engagement = await requireEngagement(ctx.db, principal.firmId, engagementId);
  const firm = (await getFirm(ctx.db, principal.firmId))!;
  const { firmId } = principal;
  const decisions = await reviewTrail(ctx.db, firmId, engagementId);
  const past = await listAssumptionVersions(ctx.db, firmId, engagementId);
  const current = await getAssumptions(ctx.db, firmId, engagementId);
  const currentValue = current
    ? ((await getValuation<ValuationResult>(ctx.db, firmId, engagementId))?.result.conclusion?.valuePerShare ?? null)
    : null;
  const versions: ReviewRecordInput['versions'] = [
    ...past.map((v) => ({
      ...versionRates(v, 'SUPERSEDED'),
      lockedAt: v.locked_at.toISOString(),
      lockedBy: v.locked_by,
      valuePerShare: (v.valuation as ValuationResult | null)?.conclusion?.valuePerShare ?? null,
      revision: revisionOf(v),
    })),
    ...(current
      ? [
          {
            ...versionRates(current, 'CURRENT'),
            lockedAt: current.locked_at.toISOString(),
            lockedBy: current.locked_by,
            valuePerShare: currentValue,
            revision: null,
          },
        ]
      : []),
  ];
  for (const v of versions) v.lockedBy = await displayNameOf(ctx.db, firmId, v.lockedBy);
  const data = await renderReviewRecord({
    firmName: firm.legal_name ?? firm.name,
    engagement: {
      id: engagement.id,
      targetEntity: engagement.target_entity,
      cin: engagement.cin,
      statute: engagement.statute as ValuationResult['statute'],
      status: engagement.status,
    },
    generatedAt: new Date().toISOString(),
    decisions,
    documents: (await listEveryDocument(ctx.db, firmId, engagementId)).map((d) => ({
      kind: d.kind,
      title: d.title,
      fileName: d.file_name,
      sizeBytes: d.size_bytes,
      receivedAt: d.created_at.toISOString(),
      status: d.status,
      sha256: d.sha256,
    })),
    reports: (await listReportsOfEngagement(ctx.db, firmId, engagementId)).map((r) => ({
      id: r.id,
      kind: r.kind,
      reference: r.reference,
      status: r.status,
      createdAt: r.created_at.toISOString(),
      sha256: r.sha256,
      signingKeyId: r.signing_key_id,
      seal: r.seal && { subject: r.seal.subject, issuer: r.seal.issuer, source: r.seal.source },
      error: r.error,
    })),
    caCertificateUrl: `${(ctx.config.PUBLIC_BASE_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/+$/, '')}${CA_CERTIFICATE_PATH}`,
    versions,
  });
  return { data, fileName: `review-record-${fileSafe(engagement.target_entity)}.pdf` };
}
