// The engagements table: create, read (one prepared statement), lock, list, and the columns a status change writes.
import { prepared, type Executor } from '../../db/client.js';
import type { EngagementStatus } from '../../domain/engagement/state-machine.js';
import type { TransactionFacts } from '../../contract/transaction-facts.js';
import type { AppointingOfficer, ValuerSet } from '../../contract/ibc-valuer-set.js';
import type { InsolvencyFacts } from '../../contract/ibc-insolvency-facts.js';

export interface EngagementRow {
  id: string;
  firm_id: string;
  target_entity: string;
  cin: string | null;
  statute: string;
  purpose: string | null;
  status: EngagementStatus;
  status_before_upload: EngagementStatus | null;
  valuation_date: string;
  payment_status: 'UNPAID' | 'PAID';
  event_sequence: number;
  failure_reason: string | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  assumptions_locked: boolean;
  proposed_price_per_share: string | null;
  conversion_price_per_share: string | null;
  class_signatories: ClassSignatory[] | null;
  appointing_authority: string | null;
  appointment_date: string | null;
  addressee: string | null;
  company_background: string | null;
  /** The date of the receipt, transfer or issue; the valuation date when none was given. */
  transaction_date: string | null;
  signing_place: string | null;
  udin: string | null;
  /** FEMA issue: why the certificate follows an issue already made; null when it precedes the issue. */
  issue_already_made_reason: string | null;
  /** Why the valuation is as at its date (docs/reports.md, Dates); needed at sign-off more than 90 days after it. */
  valuation_date_reason: string | null;
  /** The transaction the report prices: parties or allottees and the shareholding (docs/reports.md, The transaction). */
  transaction_facts: TransactionFacts | null;
  /** Under which provision and by whom the valuer was appointed, e.g. s.247(1): the audit committee. */
  appointment_basis: string | null;
  engagement_letter_date: string | null;
  /** Which copy of the FINAL was issued to the client; null until one is (awaiting the partner's signature). */
  issued_copy: 'SEALED' | 'SIGNED_COPY' | null;
  /** The member whose work the engagement is (null only for an engagement made before anyone could be assigned). */
  assigned_valuer_id: string | null;
  assigned_valuer_name: string | null;
  /** IBC: the set of valuers, one per asset class, with the coordinating valuer and each class's verification. */
  valuer_set: ValuerSet | null;
  /** IBC: the resolution professional or liquidator who appointed the set. */
  appointing_officer: AppointingOfficer | null;
  /** Liquidation: why a fresh valuation rather than the CIRP average (Liquidation Reg 35(1)–(2)). */
  fresh_valuation_reason: string | null;
  /** IBC: the NCLT bench, petition, admission order, applicant, IRP, committee of creditors, methodology meeting. */
  insolvency_facts: InsolvencyFacts | null;
}

// valuation_date is returned as text so both engines give 'YYYY-MM-DD' (no timezone shifts).
const ROW_COLUMNS = `e.id, e.firm_id, e.target_entity, e.cin, e.statute, e.purpose, e.status, e.status_before_upload,
  e.valuation_date::text AS valuation_date, e.payment_status, e.event_sequence, e.failure_reason, e.created_by, e.created_at, e.updated_at,
  e.proposed_price_per_share, e.conversion_price_per_share, e.class_signatories, e.appointing_authority, e.appointment_date::text AS appointment_date, e.addressee, e.company_background,
  e.transaction_date::text AS transaction_date, e.signing_place, e.udin, e.issue_already_made_reason, e.valuation_date_reason, e.issued_copy, e.assigned_valuer_id,
  e.transaction_facts, e.appointment_basis, e.engagement_letter_date::text AS engagement_letter_date,
  e.assigned_valuer_name, e.valuer_set, e.appointing_officer, e.fresh_valuation_reason,
  e.insolvency_facts`;
export const COLUMNS = `${ROW_COLUMNS}, e.assumptions_locked`;

export async function insertEngagement(
  tx: Executor,
  e: {
    id: string;
    firmId: string;
    targetEntity: string;
    cin: string | null;
    statute: string;
    purpose: string | null;
    valuationDate: string;
    createdBy: string;
    proposedPricePerShare?: string | null;
    conversionPricePerShare?: string | null;
    assignedValuerId?: string | null;
  } & ReportFacts,
): Promise<EngagementRow> {
  await tx.query(
    `INSERT INTO engagements (id, firm_id, target_entity, cin, statute, purpose, status, valuation_date, created_by, proposed_price_per_share,
       appointing_authority, appointment_date, addressee, company_background, transaction_date, conversion_price_per_share, assigned_valuer_id,
       valuation_date_reason, transaction_facts, appointment_basis, engagement_letter_date, valuer_set, appointing_officer,
       fresh_valuation_reason, insolvency_facts)
     VALUES ($1, $2, $3, $4, $5, $6, 'CREATED', $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24)`,
    [
      e.id,
      e.firmId,
      e.targetEntity,
      e.cin,
      e.statute,
      e.purpose,
      e.valuationDate,
      e.createdBy,
      e.proposedPricePerShare ?? null,
      e.appointingAuthority ?? null,
      e.appointmentDate ?? null,
      e.addressee ?? null,
      e.companyBackground ?? null,
      e.transactionDate ?? null,
      e.conversionPricePerShare ?? null,
      e.assignedValuerId ?? null,
      e.valuationDateReason ?? null,
      e.transaction ? JSON.stringify(e.transaction) : null,
      e.appointmentBasis ?? null,
      e.engagementLetterDate ?? null,
      e.valuerSet ? JSON.stringify(e.valuerSet) : null,
      e.appointingOfficer ? JSON.stringify(e.appointingOfficer) : null,
      e.freshValuationReason ?? null,
      e.insolvencyFacts ? JSON.stringify(e.insolvencyFacts) : null,
    ],
  );
  return (await findEngagementRow(tx, e.firmId, e.id))!;
}

const GET_ENGAGEMENT = prepared(
  'engagement_get',
  `SELECT ${COLUMNS} FROM engagements e WHERE e.firm_id = $1 AND e.id = $2`,
);

export async function findEngagementRow(tx: Executor, firmId: string, id: string): Promise<EngagementRow | null> {
  const rows = await tx.query<EngagementRow>(GET_ENGAGEMENT, [firmId, id]);
  return rows[0] ?? null;
}

/** Locks the engagement row: concurrent transitions on one engagement are serialised here. */
// The row locked and read in one statement: FOR UPDATE OF e locks the engagement's row only (not the users row
// the assignee's name comes from).
const LOCK_ENGAGEMENT = prepared(
  'engagement_lock',
  `SELECT ${COLUMNS} FROM engagements e WHERE e.firm_id = $1 AND e.id = $2 FOR UPDATE OF e`,
);

export async function lockEngagement(tx: Executor, firmId: string, id: string): Promise<EngagementRow | null> {
  const rows = await tx.query<EngagementRow>(LOCK_ENGAGEMENT, [firmId, id]);
  return rows[0] ?? null;
}

export async function listEngagements(
  tx: Executor,
  firmId: string,
  opts: { status?: string; beforeId?: string; limit: number; search?: string; assignedTo?: string },
): Promise<EngagementRow[]> {
  // The search expression must match engagements_search_idx exactly for the index to serve it. Ids order in
  // COLLATE "C", as engagements_firm_id_c_idx holds them (see migration 0051).
  return tx.query<EngagementRow>(
    `SELECT ${COLUMNS} FROM (
       SELECT * FROM engagements e
        WHERE e.firm_id = $1 AND ($2::text IS NULL OR e.status = $2) AND ($3::text IS NULL OR e.id COLLATE "C" < $3)
          AND ($5::text IS NULL OR to_tsvector('simple', e.target_entity || ' ' || coalesce(e.cin, '')) @@ to_tsquery('simple', $5))
          AND ($6::text IS NULL OR e.assigned_valuer_id = $6)
        ORDER BY e.id COLLATE "C" DESC LIMIT $4) e
      ORDER BY e.id COLLATE "C" DESC`,
    [firmId, opts.status ?? null, opts.beforeId ?? null, opts.limit, opts.search ?? null, opts.assignedTo ?? null],
  );
}

/** Writes a new status (and, for FAILED, why). */
export async function updateStatus(
  tx: Executor,
  firmId: string,
  id: string,
  status: EngagementStatus,
  statusBeforeUpload: EngagementStatus | null,
  failureReason: string | null = null,
): Promise<Date> {
  const rows = await tx.query<{ updated_at: Date }>(
    `UPDATE engagements SET status = $3, status_before_upload = $4, failure_reason = $5, updated_at = now() WHERE firm_id = $1 AND id = $2 RETURNING updated_at`,
    [firmId, id, status, statusBeforeUpload, failureReason],
  );
  return new Date(rows[0]!.updated_at);
}

/** Hands out the engagement's next event sequence number (receivers order events by it). */
export async function nextEventSequence(tx: Executor, firmId: string, id: string): Promise<number> {
  const rows = await tx.query<{ event_sequence: number }>(
    `UPDATE engagements SET event_sequence = event_sequence + 1 WHERE firm_id = $1 AND id = $2 RETURNING event_sequence`,
    [firmId, id],
  );
  return rows[0].event_sequence;
}

export async function setPaymentStatus(
  tx: Executor,
  firmId: string,
  id: string,
  status: 'UNPAID' | 'PAID',
): Promise<void> {
  await tx.query('UPDATE engagements SET payment_status = $3, updated_at = now() WHERE firm_id = $1 AND id = $2', [
    firmId,
    id,
    status,
  ]);
}

/** Corrections before the computation starts (PATCH): only the given fields change. */
/** The report's facts about the appointment and the company, and the transaction's date. */
export interface ReportFacts {
  appointingAuthority?: string | null;
  appointmentDate?: string | null;
  addressee?: string | null;
  companyBackground?: string | null;
  transactionDate?: string | null;
  issueAlreadyMadeReason?: string | null;
  valuationDateReason?: string | null;
  transaction?: TransactionFacts | null;
  appointmentBasis?: string | null;
  engagementLetterDate?: string | null;
  valuerSet?: ValuerSet | null;
  appointingOfficer?: AppointingOfficer | null;
  freshValuationReason?: string | null;
  insolvencyFacts?: InsolvencyFacts | null;
}

export async function updateEngagementFields(
  tx: Executor,
  firmId: string,
  id: string,
  f: {
    targetEntity?: string;
    cin?: string | null;
    purpose?: string | null;
    valuationDate?: string;
    proposedPricePerShare?: string | null;
    conversionPricePerShare?: string | null;
  } & ReportFacts,
): Promise<void> {
  const sets: string[] = [];
  const values: unknown[] = [firmId, id];
  const set = (column: string, value: unknown) => {
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  };
  if (f.targetEntity !== undefined) set('target_entity', f.targetEntity);
  if (f.cin !== undefined) set('cin', f.cin);
  if (f.purpose !== undefined) set('purpose', f.purpose);
  if (f.valuationDate !== undefined) set('valuation_date', f.valuationDate);
  if (f.proposedPricePerShare !== undefined) set('proposed_price_per_share', f.proposedPricePerShare);
  if (f.conversionPricePerShare !== undefined) set('conversion_price_per_share', f.conversionPricePerShare);
  if (f.appointingAuthority !== undefined) set('appointing_authority', f.appointingAuthority);
  if (f.appointmentDate !== undefined) set('appointment_date', f.appointmentDate);
  if (f.addressee !== undefined) set('addressee', f.addressee);
  if (f.companyBackground !== undefined) set('company_background', f.companyBackground);
  if (f.transactionDate !== undefined) set('transaction_date', f.transactionDate);
  if (f.issueAlreadyMadeReason !== undefined) set('issue_already_made_reason', f.issueAlreadyMadeReason);
  if (f.valuationDateReason !== undefined) set('valuation_date_reason', f.valuationDateReason);
  if (f.transaction !== undefined) set('transaction_facts', f.transaction ? JSON.stringify(f.transaction) : null);
  if (f.appointmentBasis !== undefined) set('appointment_basis', f.appointmentBasis);
  if (f.engagementLetterDate !== undefined) set('engagement_letter_date', f.engagementLetterDate);
  if (f.valuerSet !== undefined) set('valuer_set', f.valuerSet ? JSON.stringify(f.valuerSet) : null);
  if (f.appointingOfficer !== undefined)
    set('appointing_officer', f.appointingOfficer ? JSON.stringify(f.appointingOfficer) : null);
  if (f.freshValuationReason !== undefined) set('fresh_valuation_reason', f.freshValuationReason);
  if (f.insolvencyFacts !== undefined)
    set('insolvency_facts', f.insolvencyFacts ? JSON.stringify(f.insolvencyFacts) : null);
  if (sets.length === 0) return;
  await tx.query(
    `UPDATE engagements SET ${sets.join(', ')}, updated_at = now() WHERE firm_id = $1 AND id = $2`,
    values,
  );
}

/** Reassigns the engagement to another member. */
export async function setAssignedValuer(tx: Executor, firmId: string, id: string, userId: string): Promise<void> {
  await tx.query('UPDATE engagements SET assigned_valuer_id = $3, updated_at = now() WHERE firm_id = $1 AND id = $2', [
    firmId,
    id,
    userId,
  ]);
}

/** IBC: who signs each asset class's estimate (docs/statutes.md, IBC). */
export interface ClassSignatory {
  assetClass: string;
  userId: string;
  name: string;
  registration: string;
  /** IBC: this valuer is the set's coordinating valuer, who approves the report as a whole. */
  coordinating?: boolean;
}

/** The place of signing and the UDIN, recorded with the GATE_3 sign-off. */
export async function recordSigning(
  tx: Executor,
  firmId: string,
  id: string,
  place: string,
  udin: string | null,
  classSignatories: ClassSignatory[] | null = null,
): Promise<void> {
  await tx.query(
    'UPDATE engagements SET signing_place = $3, udin = $4, class_signatories = $5, updated_at = now() WHERE firm_id = $1 AND id = $2',
    [firmId, id, place, udin, classSignatories ? JSON.stringify(classSignatories) : null],
  );
}

/** The firm's other engagement whose report carries this UDIN (one at most: engagements_firm_udin). */
export async function engagementWithUdin(
  tx: Executor,
  firmId: string,
  udin: string,
  exceptId: string,
): Promise<{ id: string; target_entity: string } | null> {
  const rows = await tx.query<{ id: string; target_entity: string }>(
    'SELECT id, target_entity FROM engagements WHERE firm_id = $1 AND udin = $2 AND id <> $3',
    [firmId, udin, exceptId],
  );
  return rows[0] ?? null;
}
