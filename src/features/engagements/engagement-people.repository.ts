// What decides who may sign an engagement's report, read with its row (GET /engagements/{id}, one round trip) or
// alone (for a caller that holds the row): the valuation's methods and conclusion, the IBC asset classes and the
// firm's active members, and the people behind the engagement's steps (what myActions and "Waiting for me" decide on).
import type { Executor } from '../../db/client.js';
import { prepared } from '../../db/client.js';
import { VALUED_STAGES } from '../../contract/stages.js';
import type { EngagementStatus } from '../../domain/engagement/state-machine.js';
import { COLUMNS, type EngagementRow } from './engagements.repository.js';

/** What decides who may sign, for an engagement whose valuation exists: the adopted methods and the firm's active members. */
export interface SignatoryInputs {
  statute: string;
  methods: { method: string }[];
  conclusion: { weights?: { method: string; weightPercent: string }[]; byPurpose?: { method: string }[] };
  members: { id: string; name: string; role: string; registrations: unknown[] }[];
  /** IBC: the asset classes of the financials (each class's estimate is signed by a valuer registered for it). */
  assetClasses?: string[] | null;
}

/** A row as row_to_json gives it: timestamps are ISO 8601 text (every other column of ROW_COLUMNS is text, a number, a boolean or jsonb already). */
type JsonRow<T> = Omit<T, 'created_at' | 'updated_at'> & { created_at: string; updated_at: string };

// One round trip: the engagement, the people behind its lock and gate decisions (what myActions decides on; kept
// on the engagement's row by triggers, migration 0117, so the read is one primary-key probe before GATE_1),
// and from GATE_1 on the valuation's methods and conclusion with the firm's active members (the function
// engagement_signatory_inputs of migration 0118, called only then). The row comes back as one
// json value: node-postgres reads the row description and picks a parser per column on every execution,
// for 28 columns about 10 µs and 9 KB of garbage per request on the API's hottest read, where one json
// column is one JSON.parse. json rather than jsonb: PostgreSQL writes the text directly instead of building
// the binary form and printing it. The same columns as findEngagementRow, compared in a test on both engines.
// The valued stages are the contract's own constants (fixed identifiers, never input), written into the statement:
// as a parameter, the array was serialised by node-postgres and parsed by PostgreSQL on every read.
const VALUED_STAGES_SQL = `ARRAY[${VALUED_STAGES.map((s) => `'${s}'`).join(', ')}]`;
const GET_ENGAGEMENT_WITH_SIGNATORY = prepared(
  'engagement_get_signatory_json',
  `SELECT row_to_json(r) AS row FROM (SELECT ${COLUMNS},
  CASE WHEN e.status = ANY(${VALUED_STAGES_SQL}) THEN engagement_signatory_inputs(e.firm_id, e.id) END AS signatory_inputs,
  json_build_object('lockedBy', e.locked_by_person, 'gate1', e.gate1_person, 'gate2', e.gate2_person,
    'signatory', e.gate3_actor) AS review_people
  FROM engagements e WHERE e.firm_id = $1 AND e.id = $2) r`,
);

/** The people (user ids; a token's step counts as its creator's) behind the engagement's steps so far. */
export interface ReviewPeople {
  lockedBy: string | null;
  gate1: string | null;
  gate2: string | null;
  /** Who signed off GATE_3 (a person: tokens decide no gate). */
  signatory: string | null;
}

export async function getEngagementWithSignatoryInputs(
  tx: Executor,
  firmId: string,
  id: string,
): Promise<(EngagementRow & { signatory_inputs: SignatoryInputs | null; review_people: ReviewPeople }) | null> {
  const rows = await tx.query<{
    row: JsonRow<EngagementRow & { signatory_inputs: SignatoryInputs | null; review_people: ReviewPeople }>;
  }>(GET_ENGAGEMENT_WITH_SIGNATORY, [firmId, id]);
  const row = rows[0]?.row;
  if (!row) return null;
  // The timestamps made Dates in place: the row is this call's own, and a copy of its 35 columns on the API's
  // hottest read is garbage for nothing.
  const typed = row as unknown as EngagementRow & {
    signatory_inputs: SignatoryInputs | null;
    review_people: ReviewPeople;
  };
  typed.created_at = new Date(row.created_at);
  typed.updated_at = new Date(row.updated_at);
  return typed;
}

/**
 * What decides who may sign (the adopted methods, IBC asset classes, the firm's active members), without the
 * engagement's row: for a caller that holds the row already. null before a valuation exists.
 */
const SIGNATORY_INPUTS = prepared(
  'engagement_signatory_inputs',
  `SELECT engagement_signatory_inputs($1, $2) AS inputs`,
);

export async function signatoryInputsOf(
  tx: Executor,
  firmId: string,
  engagementId: string,
): Promise<SignatoryInputs | null> {
  const rows = await tx.query<{ inputs: SignatoryInputs }>(SIGNATORY_INPUTS, [firmId, engagementId]);
  return rows[0]?.inputs ?? null;
}

/** An engagement "Waiting for me" considers, with the people behind its earlier steps (user ids; a token's step counts as its creator's). */
export interface InboxCandidate {
  id: string;
  target_entity: string;
  statute: string;
  status: EngagementStatus;
  payment_status: 'UNPAID' | 'PAID';
  assumptions_locked: boolean;
  returned_for_revision: boolean;
  /** The assigned valuer: the assumptions (and a return for revision) are theirs. */
  assigned_valuer_id: string | null;
  locked_by_person: string | null;
  gate1_person: string | null;
  gate2_person: string | null;
  /** COMPLETED only: who signed off GATE_3, and whether the sealed FINAL is ready (awaiting that person's DSC). */
  gate3_actor: string | null;
  final_ready: boolean;
}

/**
 * The newest `perStatus` engagements of each status, newest first in the order of `statuses`, with what
 * "Waiting for me" decides on: one round trip however many there are.
 */
export async function listInboxCandidates(
  tx: Executor,
  firmId: string,
  statuses: readonly EngagementStatus[],
  perStatus: number,
): Promise<InboxCandidate[]> {
  return tx.query<InboxCandidate>(
    `SELECT e.id, e.target_entity, e.statute, e.status, e.payment_status,
            e.assumptions_locked,
            EXISTS (SELECT 1 FROM assumption_versions v WHERE v.firm_id = e.firm_id AND v.engagement_id = e.id) AS returned_for_revision,
            e.assigned_valuer_id,
            e.locked_by_person, e.gate1_person, e.gate2_person,
            CASE WHEN e.status = 'COMPLETED' THEN e.gate3_actor END AS gate3_actor,
            e.status = 'COMPLETED' AND EXISTS (SELECT 1 FROM reports r WHERE r.firm_id = e.firm_id AND r.engagement_id = e.id AND r.kind = 'FINAL' AND r.status = 'READY') AS final_ready
       FROM (SELECT e.*, row_number() OVER (PARTITION BY e.status ORDER BY e.id COLLATE "C" DESC) AS nth
               FROM engagements e WHERE e.firm_id = $1 AND e.status = ANY($2::text[])
                -- A completed engagement is open only while its FINAL awaits the partner's signature.
                AND (e.status <> 'COMPLETED' OR e.issued_copy IS NULL)) e
      WHERE e.nth <= $3
      ORDER BY array_position($2::text[], e.status), e.id COLLATE "C" DESC`,
    [firmId, statuses, perStatus],
  );
}
