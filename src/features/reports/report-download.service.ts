// A report's status and its file, as the firm downloads it.
import type { ServiceContext } from '../platform/service-context.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { Principal } from '../../domain/identity/roles.js';
import * as reports from './reports.repository.js';
import { getBlob } from '../platform/blobs.repository.js';
import { requireEngagement } from '../engagements/engagement-reads.service.js';
import { getSignedCopy, issuedCopy } from './pdf-signatures.repository.js';

export async function reportStatus(ctx: ServiceContext, principal: Principal, engagementId: string) {
  const r = await reports.currentReportOfEngagement(ctx.db, principal.firmId, engagementId);
  if (r === undefined) throw notFound('Engagement');
  if (!r) return { engagementId, status: 'NOT_STARTED' as const };
  return {
    engagementId,
    reportId: r.id,
    status: r.status,
    kind: r.kind,
    ...(r.status === 'READY'
      ? {
          downloadUrl: `/api/v1/engagements/${engagementId}/report`,
          sha256: r.sha256!,
          generatedAt: r.generated_at!.toISOString(),
        }
      : {}),
    ...(r.error ? { error: r.error } : {}),
  };
}

/**
 * The report file: the FINAL when one is ready, else the newest DRAFT. Once the partner's signed copy is the
 * one issued, that copy is what the client-facing download gives; `copy: 'sealed'` gives the sealed
 * original, which stays available to the firm.
 */
export async function reportContent(
  ctx: ServiceContext,
  principal: Principal,
  engagementId: string,
  copy: 'issued' | 'sealed' = 'issued',
) {
  const engagement = await requireEngagement(ctx.db, principal.firmId, engagementId);
  const r = await reports.currentReport(ctx.db, principal.firmId, engagementId);
  if (!r || r.status !== 'READY') throw conflict('report_not_ready', 'No report is ready for this engagement yet');
  if (r.kind === 'FINAL' && copy === 'issued' && engagement.issued_copy === 'SIGNED_COPY') {
    const issued = await issuedCopy(ctx.db, principal.firmId, engagementId);
    const signed = issued?.issued_signed_copy_id
      ? await getSignedCopy(ctx.db, principal.firmId, issued.issued_signed_copy_id)
      : null;
    if (signed) {
      const data = (await getBlob(ctx.db, principal.firmId, signed.blob_key))!;
      return {
        data,
        sha256: signed.sha256,
        kind: r.kind,
        copy: 'SIGNED_COPY' as const,
        fileName: `valuation-report-${fileSafe(engagement.target_entity)}-final-signed.pdf`,
      };
    }
  }
  const data = (await getBlob(ctx.db, principal.firmId, r.blob_key!))!;
  return {
    data,
    sha256: r.sha256!,
    kind: r.kind,
    copy: r.kind === 'FINAL' ? ('SEALED' as const) : ('DRAFT' as const),
    fileName: `valuation-report-${fileSafe(engagement.target_entity)}-${r.kind.toLowerCase()}.pdf`,
  };
}

export const fileSafe = (name: string) =>
  name
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'engagement';
