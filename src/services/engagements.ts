// Engagements and the one way their status changes: applyTransition, inside the caller's transaction,
// writing the status, the audit entry and the outbox events together.
import type { RecordResponse } from './idempotency.js';
import type { EngagementEventType } from '../contract/events.js';
import { AUDIT, transitionAuditAction } from '../contract/audit-actions.js';
import type { RequestTag, ServiceContext } from './context.js';
import { actorOf } from './context.js';
import type { Executor } from '../db/client.js';
import { AppError, conflict, forbidden, notFound, validationFailed } from '../lib/errors.js';
import { noProvisionInForce } from '../domain/valuation/law-in-force.js';
import { newId } from '../lib/ids.js';
import { signatoryStatus } from '../domain/identity/signatory.js';
import type { Principal } from '../domain/identity/roles.js';
import {
  eventsForTransition,
  nextStatus,
  type EngagementAction,
  type EngagementStatus,
} from '../domain/engagement/state-machine.js';
import { isValidCin, normaliseCin } from '../contract/cin.js';
import { REQUIRED_REPORT_FACTS } from '../contract/engagement-forms.js';
import { INPUT_STAGES, REPORT_FACTS_STAGES } from '../contract/stages.js';
import { PURPOSES_BY_STATUTE, type Statute } from '../domain/valuation/types.js';
import * as repo from '../db/repositories/engagements.js';
import { getUser } from '../db/repositories/users.js';
import { tokenCreator } from '../db/repositories/api-tokens.js';
import {
  insertAudit,
  insertOutboxEvent,
  listEngagementAudit,
  notifyFirmEvent,
  type Actor,
} from '../db/repositories/audit.js';
import { scheduleOutboxDispatch } from './webhook-delivery.js';
import { notifyAssigned, notifyTransition } from './notifications.js';
import { myActions } from './review-rights.js';

export function publicEngagement(e: repo.EngagementRow) {
  return {
    id: e.id,
    targetEntity: e.target_entity,
    cin: e.cin,
    statute: e.statute as Statute,
    purpose: e.purpose,
    status: e.status,
    valuationDate: e.valuation_date,
    proposedPricePerShare: e.proposed_price_per_share ?? null,
    conversionPricePerShare: e.conversion_price_per_share ?? null,
    transactionDate: e.transaction_date ?? e.valuation_date,
    appointingAuthority: e.appointing_authority,
    appointmentDate: e.appointment_date,
    addressee: e.addressee,
    companyBackground: e.company_background,
    reportFactsMissing: missingReportFacts(e),
    signingPlace: e.signing_place,
    udin: e.udin,
    issuedCopy: e.issued_copy ?? null,
    awaitingPartnerSignature: e.status === 'COMPLETED' && !e.issued_copy,
    assumptionsLocked: e.assumptions_locked,
    paymentStatus: e.payment_status,
    failureReason: e.failure_reason,
    createdBy: e.created_by,
    assignedValuer: e.assigned_valuer_id ? { id: e.assigned_valuer_id, name: e.assigned_valuer_name ?? '' } : null,
    createdAt: e.created_at.toISOString(),
    updatedAt: e.updated_at.toISOString(),
  };
}
export type PublicEngagement = ReturnType<typeof publicEngagement>;

/** The report facts GATE_3 needs that the engagement does not yet have. */
export function missingReportFacts(
  e: Pick<repo.EngagementRow, 'appointing_authority' | 'appointment_date' | 'company_background'>,
): string[] {
  const have: Record<(typeof REQUIRED_REPORT_FACTS)[number], unknown> = {
    appointingAuthority: e.appointing_authority,
    appointmentDate: e.appointment_date,
    companyBackground: e.company_background,
  };
  return REQUIRED_REPORT_FACTS.filter((k) => !have[k]);
}

/** Dates that may not lie after today in India, checked alike on create and PATCH. */
function dateErrors(fields: Record<string, string | null | undefined>, today: string) {
  return Object.entries(fields)
    .filter(([, v]) => typeof v === 'string' && v > today)
    .map(([k]) => ({ path: `/${k}`, message: `must not be later than today in India (${today})` }));
}

/** Today in India, as the default valuation date. */
export function todayInIndia(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now);
}

export async function createEngagement(
  ctx: ServiceContext,
  principal: Principal,
  input: {
    targetEntity: string;
    statute: Statute;
    cin?: string;
    purpose?: string;
    valuationDate?: string;
    proposedPricePerShare?: string | number;
    conversionPricePerShare?: string | number;
    assignedValuerId?: string;
  } & repo.ReportFacts,
  requestId?: RequestTag,
  record?: RecordResponse<PublicEngagement>,
) {
  const errors = [];
  const price = input.proposedPricePerShare === undefined ? null : readPrice(input.proposedPricePerShare);
  if (price === false) errors.push({ path: '/proposedPricePerShare', message: PRICE_RULE });
  const conversionPrice = input.conversionPricePerShare === undefined ? null : readPrice(input.conversionPricePerShare);
  if (conversionPrice === false) errors.push({ path: '/conversionPricePerShare', message: PRICE_RULE });
  errors.push(...conversionPriceErrors(input.statute, input.purpose ?? null, conversionPrice));
  const cin = input.cin === undefined ? null : normaliseCin(input.cin);
  if (cin !== null && !isValidCin(cin, new Date().getUTCFullYear())) {
    errors.push({ path: '/cin', message: 'must be a 21-character CIN such as U72200KA2015PTC081234' });
  }
  const allowed = PURPOSES_BY_STATUTE[input.statute] as readonly string[];
  if (input.purpose !== undefined && !allowed.includes(input.purpose)) {
    errors.push({
      path: '/purpose',
      message: allowed.length
        ? `must be one of ${allowed.join(', ')} for ${input.statute}`
        : `${input.statute} takes no purpose`,
    });
  }
  // Dates are Indian: the default valuation date is today in IST, and a valuation date may not lie
  // beyond it (the report, dated today in IST, would otherwise precede its own valuation date).
  const today = todayInIndia();
  errors.push(...dateErrors({ valuationDate: input.valuationDate, appointmentDate: input.appointmentDate }, today));
  if (errors.length) throw validationFailed(errors);
  refuseWithoutProvision(input.statute, input.purpose, input.transactionDate ?? input.valuationDate ?? today);
  return ctx.db.transaction(async (tx) => {
    const assignedValuerId =
      input.assignedValuerId !== undefined
        ? await requireAssignable(tx, principal.firmId, input.assignedValuerId)
        : await defaultAssignee(tx, principal);
    const row = await repo.insertEngagement(tx, {
      assignedValuerId,
      id: newId('eng'),
      firmId: principal.firmId,
      targetEntity: input.targetEntity,
      cin,
      statute: input.statute,
      purpose: input.purpose ?? null,
      valuationDate: input.valuationDate ?? today,
      createdBy: actorOf(principal).id!,
      proposedPricePerShare: price || null,
      conversionPricePerShare: conversionPrice || null,
      appointingAuthority: input.appointingAuthority,
      appointmentDate: input.appointmentDate,
      addressee: input.addressee,
      companyBackground: input.companyBackground,
      transactionDate: input.transactionDate,
    });
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), {
      action: AUDIT.engagementCreated,
      engagementId: row.id,
      toStatus: 'CREATED',
    });
    if (assignedValuerId) await notifyAssigned(tx, principal.firmId, row.id, assignedValuerId, actorOf(principal).id);
    const created = publicEngagement(row);
    await record?.(tx, created);
    return created;
  });
}

/** The person a principal acts for: a user themself, a token its creator. */
async function personOf(tx: Executor, principal: Principal): Promise<string | null> {
  return principal.kind === 'user' ? principal.userId : tokenCreator(tx, principal.firmId, principal.tokenId);
}

const ASSIGNEE_RULE = 'must be an active member of your firm with the role VALUER or ADMIN';

/** Whether a member of the firm may be assigned an engagement: active, and a VALUER or an ADMIN. */
async function assignable(tx: Executor, firmId: string, userId: string): Promise<boolean> {
  const user = await getUser(tx, firmId, userId);
  return !!user && user.status === 'ACTIVE' && (user.role === 'VALUER' || user.role === 'ADMIN');
}

/** The given assignee, or 400 naming /assignedValuerId (another firm's member is no member of this one). */
async function requireAssignable(tx: Executor, firmId: string, userId: string): Promise<string> {
  if (!(await assignable(tx, firmId, userId)))
    throw validationFailed([{ path: '/assignedValuerId', message: ASSIGNEE_RULE }]);
  return userId;
}

/** Without an assignee given: whoever creates the engagement (a token's creator), when they may be assigned. */
async function defaultAssignee(tx: Executor, principal: Principal): Promise<string | null> {
  const person = await personOf(tx, principal);
  return person && (await assignable(tx, principal.firmId, person)) ? person : null;
}

/** 400 no_provision_in_force: the law in force on the transaction date has no provision for this valuation. */
function refuseWithoutProvision(statute: Statute, purpose: string | null | undefined, transactionDate: string): void {
  const why = noProvisionInForce(statute, purpose, transactionDate);
  if (why) throw new AppError('no_provision_in_force', why, [{ path: '/purpose', message: why }]);
}

const PRICE_RULE = 'must be a price in rupees greater than 0 with at most 2 decimals, e.g. "245.50"';

/** A proposed price as exact decimal text ("245.5"), or false when it is not a positive amount in paise. */
function readPrice(value: string | number): string | false {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text) || /^0+(\.0+)?$/.test(text)) return false;
  return text;
}

/** The statuses in which the facts the valuation rests on may still be corrected: before the computation starts. */
const EDITABLE = new Set<string>(INPUT_STAGES);
/** The report's facts may be corrected until the report is signed (GATE_3 approved). */
const REPORT_FACTS_EDITABLE = new Set<string>(REPORT_FACTS_STAGES);
const REPORT_FACT_FIELDS = ['appointingAuthority', 'appointmentDate', 'addressee', 'companyBackground'] as const;

export interface EngagementPatch extends repo.ReportFacts {
  targetEntity?: string;
  cin?: string | null;
  purpose?: string | null;
  valuationDate?: string;
  proposedPricePerShare?: string | number | null;
  conversionPricePerShare?: string | number | null;
  /** Reassigns the engagement: by an ADMIN or the current assignee, in any status. */
  assignedValuerId?: string;
}

/**
 * PATCH: corrects targetEntity, cin, purpose, valuationDate and proposedPricePerShare until the
 * computation starts (409 computation_started afterwards). Bad input changes nothing; the change and
 * its audit entry (every field from → to) are one transaction.
 */
export async function patchEngagement(
  ctx: ServiceContext,
  principal: Principal,
  id: string,
  patch: EngagementPatch,
  requestId?: RequestTag,
) {
  return ctx.db.transaction(async (tx) => {
    const current = await requireEngagement(tx, principal.firmId, id, true);
    const { assignedValuerId, ...fields } = patch;
    let reassigned = false;
    if (assignedValuerId !== undefined && assignedValuerId !== current.assigned_valuer_id) {
      const isAdmin = principal.kind === 'user' && principal.role === 'ADMIN';
      if (!isAdmin && (await personOf(tx, principal)) !== current.assigned_valuer_id) {
        throw forbidden("Only an ADMIN or the engagement's assigned valuer may assign it to someone else");
      }
      await requireAssignable(tx, principal.firmId, assignedValuerId);
      await repo.setAssignedValuer(tx, principal.firmId, id, assignedValuerId);
      await insertAudit(tx, principal.firmId, actorOf(principal, requestId), {
        action: AUDIT.engagementAssigned,
        engagementId: id,
        details: { assignedValuerId: { from: current.assigned_valuer_id, to: assignedValuerId } },
      });
      await notifyAssigned(tx, principal.firmId, id, assignedValuerId, actorOf(principal).id);
      reassigned = true;
    }
    if (Object.keys(fields).length === 0)
      return publicEngagement(reassigned ? (await repo.getEngagement(tx, principal.firmId, id))! : current);
    patch = fields;
    const valuationFields = Object.keys(patch).filter((k) => !(REPORT_FACT_FIELDS as readonly string[]).includes(k));
    if (!REPORT_FACTS_EDITABLE.has(current.status)) {
      throw conflict(
        'report_signed',
        `The engagement is ${current.status}: the report has been signed (or the engagement ended), so nothing on it can change`,
      );
    }
    if (valuationFields.length > 0 && !EDITABLE.has(current.status)) {
      throw conflict(
        'computation_started',
        `The engagement is ${current.status}: ${valuationFields.join(', ')} can be corrected only until the computation starts; the report facts until sign-off`,
      );
    }
    const errors = [];
    const cin = patch.cin === undefined || patch.cin === null ? patch.cin : normaliseCin(patch.cin);
    if (typeof cin === 'string' && !isValidCin(cin, new Date().getUTCFullYear())) {
      errors.push({ path: '/cin', message: 'must be a 21-character CIN such as U72200KA2015PTC081234' });
    }
    const allowed = PURPOSES_BY_STATUTE[current.statute as Statute] as readonly string[];
    if (typeof patch.purpose === 'string' && !allowed.includes(patch.purpose)) {
      errors.push({
        path: '/purpose',
        message: allowed.length
          ? `must be one of ${allowed.join(', ')} for ${current.statute}`
          : `${current.statute} takes no purpose`,
      });
    }
    errors.push(
      ...dateErrors({ valuationDate: patch.valuationDate, appointmentDate: patch.appointmentDate }, todayInIndia()),
    );
    const price =
      patch.proposedPricePerShare === undefined || patch.proposedPricePerShare === null
        ? patch.proposedPricePerShare
        : readPrice(patch.proposedPricePerShare);
    if (price === false) errors.push({ path: '/proposedPricePerShare', message: PRICE_RULE });
    const conversionPrice =
      patch.conversionPricePerShare === undefined || patch.conversionPricePerShare === null
        ? patch.conversionPricePerShare
        : readPrice(patch.conversionPricePerShare);
    if (conversionPrice === false) errors.push({ path: '/conversionPricePerShare', message: PRICE_RULE });
    if (typeof conversionPrice === 'string') {
      errors.push(
        ...conversionPriceErrors(
          current.statute as Statute,
          patch.purpose !== undefined ? patch.purpose : current.purpose,
          conversionPrice,
        ),
      );
    }
    if (errors.length) throw validationFailed(errors);
    // The law the valuation will be made under, with the patch applied (null: the valuation date again).
    const purposeAfter = patch.purpose !== undefined ? patch.purpose : current.purpose;
    const valuationDateAfter = patch.valuationDate ?? current.valuation_date;
    const transactionDateAfter =
      patch.transactionDate !== undefined
        ? (patch.transactionDate ?? valuationDateAfter)
        : (current.transaction_date ?? valuationDateAfter);
    // Checked when what decides the law changes; report facts stay editable on an engagement made before this rule.
    if (patch.purpose !== undefined || patch.valuationDate !== undefined || patch.transactionDate !== undefined) {
      refuseWithoutProvision(current.statute as Statute, purposeAfter, transactionDateAfter);
    }
    const next = {
      ...(patch.targetEntity !== undefined && { targetEntity: patch.targetEntity }),
      ...(cin !== undefined && { cin }),
      ...(patch.purpose !== undefined && { purpose: patch.purpose }),
      ...(patch.valuationDate !== undefined && { valuationDate: patch.valuationDate }),
      ...(price !== undefined && { proposedPricePerShare: price as string | null }),
      ...(conversionPrice !== undefined && { conversionPricePerShare: conversionPrice as string | null }),
      ...(patch.transactionDate !== undefined && { transactionDate: patch.transactionDate }),
      ...(patch.appointingAuthority !== undefined && { appointingAuthority: patch.appointingAuthority }),
      ...(patch.appointmentDate !== undefined && { appointmentDate: patch.appointmentDate }),
      ...(patch.addressee !== undefined && { addressee: patch.addressee }),
      ...(patch.companyBackground !== undefined && { companyBackground: patch.companyBackground }),
    };
    const before: Record<string, unknown> = {
      targetEntity: current.target_entity,
      cin: current.cin,
      purpose: current.purpose,
      valuationDate: current.valuation_date,
      proposedPricePerShare: current.proposed_price_per_share,
      conversionPricePerShare: current.conversion_price_per_share,
      transactionDate: current.transaction_date,
      appointingAuthority: current.appointing_authority,
      appointmentDate: current.appointment_date,
      addressee: current.addressee,
      companyBackground: current.company_background,
    };
    const changes = Object.fromEntries(
      Object.entries(next)
        .filter(([k, v]) => before[k] !== v)
        .map(([k, v]) => [k, { from: before[k] ?? null, to: v }]),
    );
    if (Object.keys(changes).length === 0)
      return publicEngagement(reassigned ? (await repo.getEngagement(tx, principal.firmId, id))! : current);
    await repo.updateEngagementFields(tx, principal.firmId, id, next);
    await insertAudit(tx, principal.firmId, actorOf(principal, requestId), {
      action: AUDIT.engagementUpdated,
      engagementId: id,
      details: { changes },
    });
    return publicEngagement((await repo.getEngagement(tx, principal.firmId, id))!);
  });
}

/** One engagement; from GATE_1 on with the signatory requirement of the methods its conclusion adopts, and who in the firm meets it. */
export async function getEngagement(ctx: ServiceContext, principal: Principal, id: string) {
  const row = await repo.getEngagementWithSignatoryInputs(ctx.db, principal.firmId, id);
  if (!row) throw notFound('Engagement');
  const inputs = row.signatory_inputs;
  return {
    ...publicEngagement(row),
    myActions: await myActions(ctx.db, principal, row, row.review_people),
    ...(inputs
      ? {
          signatory: signatoryStatus(
            inputs as unknown as Parameters<typeof signatoryStatus>[0],
            inputs.members as Parameters<typeof signatoryStatus>[1],
          ),
        }
      : {}),
  };
}

/** Reads an engagement inside a transaction (404 across firms), for services that build on it. */
export async function requireEngagement(
  tx: Executor,
  firmId: string,
  id: string,
  lock = false,
): Promise<repo.EngagementRow> {
  const row = lock ? await repo.lockEngagement(tx, firmId, id) : await repo.getEngagement(tx, firmId, id);
  if (!row) throw notFound('Engagement');
  return row;
}

export async function listEngagements(
  ctx: ServiceContext,
  principal: Principal,
  opts: { status?: string; beforeId?: string; limit: number; q?: string; assignedTo?: string },
) {
  const search = opts.q === undefined ? undefined : prefixSearchQuery(opts.q);
  if (search === null) return [];
  // "me": the signed-in person (a token's creator).
  const assignedTo = opts.assignedTo === 'me' ? ((await personOf(ctx.db, principal)) ?? '') : opts.assignedTo;
  return (await repo.listEngagements(ctx.db, principal.firmId, { ...opts, search, assignedTo })).map(publicEngagement);
}

/**
 * Turns what a person typed into a tsquery of word prefixes ("acme ind" → "acme:* & ind:*"). Only
 * letters and digits survive, so nothing typed can be tsquery syntax. null: nothing searchable was typed.
 */
export function prefixSearchQuery(q: string): string | null {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.length
    ? words
        .slice(0, 8)
        .map((w) => `${w}:*`)
        .join(' & ')
    : null;
}

/** 404 unless the engagement exists in the caller's firm. */
export async function requireEngagementVisible(ctx: ServiceContext, principal: Principal, id: string): Promise<void> {
  await requireEngagement(ctx.db, principal.firmId, id);
}

export async function listEngagementEvents(
  ctx: ServiceContext,
  principal: Principal,
  id: string,
  limit: number,
  afterId?: string,
) {
  await requireEngagement(ctx.db, principal.firmId, id);
  return (await listEngagementAudit(ctx.db, principal.firmId, id, limit, afterId)).map((a) => ({
    id: a.id,
    action: a.action,
    actor: { type: a.actor_type as 'USER' | 'API_TOKEN' | 'SYSTEM', id: a.actor_id },
    fromStatus: a.from_status,
    toStatus: a.to_status,
    requestId: a.request_id,
    clientRequestId: a.client_request_id,
    details: a.details ?? null,
    createdAt: a.created_at.toISOString(),
  }));
}

/**
 * The only way an engagement's status changes. Locks the row (serialising concurrent transitions),
 * asks the state machine, and writes status, audit entry and outbox events in the caller's transaction.
 */
export async function applyTransition(
  tx: Executor,
  firmId: string,
  engagementId: string,
  action: EngagementAction,
  actor: Actor,
  options: { details?: Record<string, unknown>; failureReason?: string; expectStatus?: EngagementStatus } = {},
): Promise<repo.EngagementRow> {
  const current = await requireEngagement(tx, firmId, engagementId, true);
  if (options.expectStatus && current.status !== options.expectStatus) {
    throw conflict('invalid_transition', `The engagement is ${current.status}, not ${options.expectStatus}`);
  }
  const result = nextStatus(current.status, action, current.status_before_upload);
  if (!result.ok) throw conflict('invalid_transition', result.reason);
  const to = result.to;
  const beforeUpload = action === 'UPLOAD_FINANCIALS' ? current.status : null;
  await repo.updateStatus(
    tx,
    firmId,
    engagementId,
    to,
    beforeUpload,
    to === 'FAILED' ? (options.failureReason ?? 'failed') : null,
  );
  await insertAudit(tx, firmId, actor, {
    action: transitionAuditAction(action),
    engagementId,
    fromStatus: current.status,
    toStatus: to,
    details: options.details,
  });
  const updated = (await repo.getEngagement(tx, firmId, engagementId))!;
  for (const type of eventsForTransition(to)) {
    await writeEngagementEvent(tx, firmId, engagementId, type, {
      engagement: publicEngagement(updated),
      previousStatus: current.status,
      ...(type === 'engagement.gate_pending' ? { gate: to } : {}),
    });
  }
  await notifyTransition(tx, firmId, updated, current.status, actor.id, options.details);
  return updated;
}

/**
 * Writes one outbox event about an engagement with its next sequence number (receivers order by it),
 * and wakes webhook fan-out when the transaction commits (the periodic sweep would find it anyway).
 */
export async function writeEngagementEvent(
  tx: Executor,
  firmId: string,
  engagementId: string,
  type: EngagementEventType,
  data: unknown,
): Promise<void> {
  const sequence = await repo.nextEventSequence(tx, firmId, engagementId);
  await insertOutboxEvent(tx, firmId, { type, engagementId, sequence, data });
  await notifyFirmEvent(tx, firmId);
  await scheduleOutboxDispatch(tx);
}

/** A conversion price belongs to a FEMA issue to a non-resident (NDI Rule 21: of a convertible). */
function conversionPriceErrors(statute: Statute, purpose: string | null, conversionPrice: string | null | false) {
  if (!conversionPrice) return [];
  if (statute !== 'FEMA_RBI' || (purpose !== null && purpose !== 'ISSUE_TO_NON_RESIDENT')) {
    return [
      {
        path: '/conversionPricePerShare',
        message: 'applies only to a FEMA_RBI issue to a non-resident (ISSUE_TO_NON_RESIDENT) of CCPS or CCDs',
      },
    ];
  }
  return [];
}
