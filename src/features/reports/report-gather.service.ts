// A report's render, first step: gather what the report states (the engagement, the firm, the locked assumptions,
// the valuation, the documents, the review trail and, for a FINAL, its signatory and the firm's seal key).
import { addresseeFor } from '../../contract/firm-profile.js';
import { registrationForClass } from '../../domain/engagement/ibc-set.js';
import type { ServiceContext } from '../platform/service-context.js';
import type { NormalisedFinancials } from '../../domain/financials/normalise.js';
import { RENDER_JOB, type JobPayload, PermanentJobError } from '../platform/job-queue.service.js';
import type { Executor } from '../../db/client.js';
import type { Purpose, ValuationResult } from '../../domain/valuation/types.js';
import type { ReportInput } from '../../reports/render.js';
import { getAssumptions, getFinancials, getValuation } from '../valuation/valuation-data.repository.js';
import { listEveryDocument } from '../engagements/documents.repository.js';
import { displayNameOf, getFirm, getUser, type FirmRow } from '../identity/users.repository.js';
import { lastApproverOf, reviewHistory } from '../platform/audit.repository.js';
import {
  adoptedMethods,
  describeRegistration,
  signingCapacity,
  qualifyingRegistrations,
  signatoryRequirement,
} from '../../domain/identity/signatory.js';
import { requireEngagement } from '../engagements/engagement-reads.service.js';
import { CA_CERTIFICATE_PATH, firmSigningKey } from './signing-certificates.service.js';
import { reviewTrail } from './review-trail.service.js';
import { sourcedParts } from '../../domain/valuation/sources.js';

/**
 * The person who signed off GATE_3 and the registrations that qualify them for this statute (the ones
 * the sign-off was checked against), as printed in the FINAL report and signed into its certificate.
 */
async function finalSignatory(db: Executor, firmId: string, engagementId: string, result: ValuationResult) {
  const approver = lastApproverOf(await reviewHistory(db, firmId, engagementId), 'GATE_3');
  const user = approver ? await getUser(db, firmId, approver) : null;
  if (!user) return null;
  const req = signatoryRequirement(result.statute, adoptedMethods(result));
  const qualifying = qualifyingRegistrations(req, user.registrations ?? []);
  return {
    name: user.name,
    designation: user.designation,
    registrations: qualifying.map(describeRegistration),
    ...(qualifying[0] && { capacity: signingCapacity(qualifying[0]) }),
  };
}

/** What one render of the report needs, read from the database. */
export async function gatherReportInput(
  ctx: ServiceContext,
  payload: JobPayload<typeof RENDER_JOB>,
  report: { reference: string | null },
) {
  const { firmId, engagementId, reportId, kind } = payload;
  const engagement = await requireEngagement(ctx.db, firmId, engagementId);
  const firm = (await getFirm(ctx.db, firmId))!;
  const assumptions = await getAssumptions(ctx.db, firmId, engagementId);
  const valuation = await getValuation<ValuationResult>(ctx.db, firmId, engagementId);
  if (!assumptions || !valuation) throw new PermanentJobError('report needs locked assumptions and a stored valuation');
  const documents = (await listEveryDocument(ctx.db, firmId, engagementId)).filter((d) => d.status !== 'REJECTED');
  // The capital table and historical years, where the financials document gives them.
  const financials = (await getFinancials<NormalisedFinancials>(ctx.db, firmId, engagementId))?.data;
  const trail = await reviewTrail(ctx.db, firmId, engagementId);
  const signedAt = new Date().toISOString();
  const signatory = kind === 'FINAL' ? await finalSignatory(ctx.db, firmId, engagementId, valuation.result) : null;
  const signedBy =
    signatory?.name ?? trail.filter((r) => r.gate === 'GATE_3' && r.decision === 'APPROVED').at(-1)?.by ?? firm.name;
  const firmLegalName = firm.legal_name ?? firm.name;
  const base = (ctx.config.PUBLIC_BASE_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/+$/, '');
  const sealKey = kind === 'FINAL' ? await firmSigningKey(ctx, firmId) : null;
  const pdfSeal = sealKey
    ? {
        source: sealKey.source,
        subject: sealKey.facts.subject,
        issuer: sealKey.facts.issuer,
        caCertificateUrl: `${base}${CA_CERTIFICATE_PATH}`,
      }
    : undefined;
  const input: ReportInput = {
    kind,
    reportId,
    reference: report.reference,
    firm: {
      name: firm.name,
      legalName: firmLegalName,
      registration: firm.ibbi_registration,
      icaiFrn: firm.icai_firm_registration ?? null,
    },
    engagement: {
      id: engagement.id,
      targetEntity: engagement.target_entity,
      cin: engagement.cin,
      statute: engagement.statute as ValuationResult['statute'],
      purpose: engagement.purpose,
      valuationDate: engagement.valuation_date,
      createdAt: engagement.created_at.toISOString(),
    },
    assumptions: {
      wacc: assumptions.wacc,
      terminalGrowthRate: assumptions.terminal_growth_rate,
      rationale: assumptions.rationale,
      midYear: assumptions.mid_year,
      lockedAt: assumptions.locked_at.toISOString(),
      lockedBy: await displayNameOf(ctx.db, firmId, assumptions.locked_by),
      projectionsReasonableness: assumptions.projections_reasonableness,
    },
    facts: {
      appointingAuthority: engagement.appointing_authority,
      appointmentDate: engagement.appointment_date,
      // The engagement's own addressee, else the firm's for the statute (Firm settings), else the appointing authority.
      addressee: engagement.addressee ?? addresseeOfFirm(firm, engagement.statute, engagement.target_entity),
      companyBackground: engagement.company_background,
      transactionDate: engagement.transaction_date ?? engagement.valuation_date,
      issueAlreadyMadeReason: engagement.issue_already_made_reason,
      valuationDateReason: engagement.valuation_date_reason,
      transaction: engagement.transaction_facts,
      appointmentBasis: engagement.appointment_basis,
      engagementLetterDate: engagement.engagement_letter_date,
      ...(engagement.statute === 'IBC_LIQUIDATION' && { ibc: await ibcFacts(ctx.db, engagement) }),
    },
    company: {
      // The stored financials are normalised to rupees.
      unit: 'RUPEES',
      shareholding: financials?.shareholding,
      history: financials?.history,
    },
    ...(financials && {
      financials: {
        balanceSheetDate: financials.balanceSheetDate,
        balanceSheet: financials.balanceSheet,
        projections: financials.projections,
        peers: financials.peers,
        navAdjustmentSources: financials.navAdjustmentSources,
        ...(financials.comparableMetrics && { comparableMetrics: financials.comparableMetrics }),
        ...(financials.liquidation && { liquidation: financials.liquidation }),
      },
    }),
    documents: documents.map((d) => ({
      fileName: d.file_name,
      kind: d.kind,
      sha256: d.sha256,
      sizeBytes: d.size_bytes,
      createdAt: d.created_at.toISOString(),
      ...(d.title && { title: d.title }),
      ...(d.document_date && { documentDate: d.document_date }),
      ...(d.provided_by && { providedBy: d.provided_by }),
    })),
    ...(financials && {
      figureSources: sourcedParts(
        financials,
        engagement.statute as ValuationResult['statute'],
        (engagement.purpose as Purpose | null) ?? null,
      ),
    }),
    valuation: valuation.result,
    reviewTrail: trail,
    ...(kind === 'FINAL'
      ? {
          certificate: {
            signedBy,
            signedAt,
            verifyUrl: `${base}/verify`,
            pdfSeal,
            designation: signatory?.designation,
            registrations: signatory?.registrations,
            capacity: signatory?.capacity,
            demo: firm.demo,
            place: engagement.signing_place,
            udin: engagement.udin,
            // In liquidation the liquidator appoints valuers, not a set with a coordinating valuer (Liquidation Reg 35(2)).
            ...(engagement.class_signatories && {
              classSignatories:
                engagement.purpose === 'LIQUIDATION_REALISABLE_VALUE'
                  ? engagement.class_signatories.map((s) => ({ ...s, coordinating: false }))
                  : engagement.class_signatories,
            }),
          },
        }
      : {}),
    generatedAt: signedAt,
  };
  return { input, engagement, firm, firmLegalName, signatory, signedBy, signedAt, sealKey, valuation };
}

/** IBC: the officer who appointed the set, the fresh-valuation reason and each class's verification, by its valuer's name. */
async function ibcFacts(tx: Executor, engagement: Awaited<ReturnType<typeof requireEngagement>>) {
  const verifications = [];
  const valuers = [];
  for (const c of engagement.valuer_set?.classes ?? []) {
    const valuer = await getUser(tx, engagement.firm_id, c.memberId);
    if (valuer)
      valuers.push({
        assetClass: c.assetClass,
        name: valuer.name,
        registration: registrationForClass({ registrations: valuer.registrations ?? null }, c.assetClass)?.number,
        coordinating: c.memberId === engagement.valuer_set?.coordinatingValuerId,
      });
    if (!c.verification) continue;
    verifications.push({
      assetClass: c.assetClass,
      valuer: valuer?.name ?? null,
      date: c.verification.date,
      inspected: c.verification.inspected,
      present: c.verification.present,
    });
  }
  return {
    officer: engagement.appointing_officer,
    freshValuationReason: engagement.fresh_valuation_reason,
    verifications,
    insolvency: engagement.insolvency_facts,
    valuers,
  };
}

function addresseeOfFirm(firm: FirmRow, statute: string, company: string): string | null {
  const template = firm.addressee_templates?.[statute];
  return template ? addresseeFor(template, company) : null;
}
