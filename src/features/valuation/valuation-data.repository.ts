// Assumptions, normalised financials and stored valuation results: one row per engagement each.
import { prepared, type Executor } from '../../db/client.js';
import { relatedOfEngagement } from '../engagements/engagement-join.repository.js';

/** The assumptions as locked: the columns of the current lock and of each version in its history alike. */
interface LockedAssumptionColumns {
  version: number;
  /** Null where the valuation needs no rates and none were locked (the prescribed NAV of a transfer). */
  wacc: string | null;
  terminal_growth_rate: string | null;
  rationale: string;
  mid_year: boolean;
  locked_at: Date;
  locked_by: string;
  method_weights: Record<string, string> | null;
  weights_rationale: string | null;
  dlom_percent: string | null;
  dlom_rationale: string | null;
  /** The cost-of-capital build-up as locked (percent as exact text), or null when only the WACC was given. */
  cost_of_capital: Record<string, string> | null;
  dloc_percent: string | null;
  dloc_rationale: string | null;
  market_approach: Record<string, unknown> | null;
  /** The valuer's note on the projections, where a DCF is adopted (docs/reports.md, Annexures). */
  projections_reasonableness: string | null;
}

export interface AssumptionsRow extends LockedAssumptionColumns {
  engagement_id: string;
}

const ASSUMPTION_COLUMNS =
  'engagement_id, wacc, terminal_growth_rate, rationale, mid_year, locked_at, locked_by, method_weights, weights_rationale, dlom_percent, dlom_rationale, cost_of_capital, dloc_percent, dloc_rationale, market_approach, projections_reasonableness, version';

/** Inserts the lock; returns null when assumptions were already locked (the primary key decides races). */
export async function insertAssumptions(
  tx: Executor,
  a: {
    engagementId: string;
    firmId: string;
    wacc: string | null;
    terminalGrowthRate: string | null;
    rationale: string;
    midYear: boolean;
    lockedBy: string;
    methodWeights?: Record<string, string> | null;
    weightsRationale?: string | null;
    dlomPercent?: string | null;
    dlomRationale?: string | null;
    costOfCapital?: Record<string, string> | null;
    dlocPercent?: string | null;
    dlocRationale?: string | null;
    marketApproach?: Record<string, unknown> | null;
    projectionsReasonableness?: string | null;
  },
): Promise<AssumptionsRow | null> {
  const rows = await tx.query<AssumptionsRow>(
    `INSERT INTO assumptions (engagement_id, firm_id, wacc, terminal_growth_rate, rationale, mid_year, locked_by, method_weights, weights_rationale, dlom_percent, dlom_rationale,
       cost_of_capital, dloc_percent, dloc_rationale, market_approach, projections_reasonableness, version)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
       (SELECT coalesce(max(version), 0) + 1 FROM assumption_versions WHERE firm_id = $2 AND engagement_id = $1))
     ON CONFLICT (engagement_id) DO NOTHING
     RETURNING ${ASSUMPTION_COLUMNS}`,
    [
      a.engagementId,
      a.firmId,
      a.wacc,
      a.terminalGrowthRate,
      a.rationale,
      a.midYear,
      a.lockedBy,
      a.methodWeights ? JSON.stringify(a.methodWeights) : null,
      a.weightsRationale ?? null,
      a.dlomPercent ?? null,
      a.dlomRationale ?? null,
      a.costOfCapital ? JSON.stringify(a.costOfCapital) : null,
      a.dlocPercent ?? null,
      a.dlocRationale ?? null,
      a.marketApproach ? JSON.stringify(a.marketApproach) : null,
      a.projectionsReasonableness ?? null,
    ],
  );
  return rows[0] ?? null;
}

export async function getAssumptions(
  tx: Executor,
  firmId: string,
  engagementId: string,
): Promise<AssumptionsRow | null> {
  const rows = await tx.query<AssumptionsRow>(
    `SELECT ${ASSUMPTION_COLUMNS} FROM assumptions WHERE firm_id = $1 AND engagement_id = $2`,
    [firmId, engagementId],
  );
  return rows[0] ?? null;
}

const ENGAGEMENT_ASSUMPTIONS = prepared(
  'engagement_assumptions',
  `SELECT a.engagement_id IS NOT NULL AS present, ${ASSUMPTION_COLUMNS.split(', ')
    .map((c) => `a.${c}`)
    .join(', ')}
     FROM engagements e LEFT JOIN assumptions a ON a.firm_id = e.firm_id AND a.engagement_id = e.id
    WHERE e.firm_id = $1 AND e.id = $2`,
);

/**
 * One round trip for a read: undefined when the engagement is not in the firm (404), null when it
 * exists without locked assumptions.
 */
export function getEngagementAssumptions(
  tx: Executor,
  firmId: string,
  engagementId: string,
): Promise<AssumptionsRow | null | undefined> {
  return relatedOfEngagement<AssumptionsRow>(tx, ENGAGEMENT_ASSUMPTIONS, firmId, engagementId);
}

const ENGAGEMENT_VALUATION = prepared(
  'engagement_valuation',
  `SELECT e.status, e.statute, e.failure_reason, v.engagement_id IS NOT NULL AS present, v.engine_version, v.result, v.computed_at
     FROM engagements e LEFT JOIN valuations v ON v.firm_id = e.firm_id AND v.engagement_id = e.id
    WHERE e.firm_id = $1 AND e.id = $2`,
);

/** One round trip: the engagement's status, statute and failure reason with its stored valuation (undefined: no such engagement). */
export async function getEngagementValuation<T = unknown>(tx: Executor, firmId: string, engagementId: string) {
  const [row] = await tx.query<{
    status: string;
    statute: string;
    failure_reason: string | null;
    present: boolean;
    engine_version: string | null;
    result: T | null;
    computed_at: Date | null;
  }>(ENGAGEMENT_VALUATION, [firmId, engagementId]);
  if (!row) return undefined;
  return {
    engagement: { status: row.status, statute: row.statute, failure_reason: row.failure_reason },
    valuation: row.present
      ? { engine_version: row.engine_version!, result: row.result as T, computed_at: row.computed_at! }
      : null,
  };
}

/** The tables that hold one row per engagement, replaced whole on each run: its key column, its JSON and its time. */
const FINANCIALS = { table: 'financials', key: 'document_id', json: 'data', stamp: 'created_at' } as const;
const VALUATIONS = { table: 'valuations', key: 'engine_version', json: 'result', stamp: 'computed_at' } as const;
type OneRowTable = typeof FINANCIALS | typeof VALUATIONS;

async function upsertOneRow(
  tx: Executor,
  t: OneRowTable,
  firmId: string,
  engagementId: string,
  key: string,
  json: unknown,
) {
  await tx.query(
    `INSERT INTO ${t.table} (engagement_id, firm_id, ${t.key}, ${t.json}) VALUES ($1, $2, $3, $4)
     ON CONFLICT (engagement_id) DO UPDATE SET ${t.key} = EXCLUDED.${t.key}, ${t.json} = EXCLUDED.${t.json}, ${t.stamp} = now()`,
    [engagementId, firmId, key, JSON.stringify(json)],
  );
}

async function getOneRow<Row>(tx: Executor, t: OneRowTable, firmId: string, engagementId: string): Promise<Row | null> {
  const rows = await tx.query<Row>(
    `SELECT ${t.key}, ${t.json}, ${t.stamp} FROM ${t.table} WHERE firm_id = $1 AND engagement_id = $2`,
    [firmId, engagementId],
  );
  return rows[0] ?? null;
}

export function upsertFinancials(
  tx: Executor,
  firmId: string,
  engagementId: string,
  documentId: string,
  data: unknown,
): Promise<void> {
  return upsertOneRow(tx, FINANCIALS, firmId, engagementId, documentId, data);
}

export function getFinancials<T = unknown>(tx: Executor, firmId: string, engagementId: string) {
  return getOneRow<{ document_id: string; data: T; created_at: Date }>(tx, FINANCIALS, firmId, engagementId);
}

export function upsertValuation(
  tx: Executor,
  firmId: string,
  engagementId: string,
  engineVersion: string,
  result: unknown,
): Promise<void> {
  return upsertOneRow(tx, VALUATIONS, firmId, engagementId, engineVersion, result);
}

export function getValuation<T = unknown>(tx: Executor, firmId: string, engagementId: string) {
  return getOneRow<{ engine_version: string; result: T; computed_at: Date }>(tx, VALUATIONS, firmId, engagementId);
}

export interface AssumptionVersionRow extends LockedAssumptionColumns {
  valuation: { conclusion?: { valuePerShare?: string | null } } | null;
  engine_version: string | null;
  computed_at: Date | null;
  returned_at_gate: string;
  revision_reason: string;
  returned_by: string | null;
  returned_at: Date;
  draft_report_id: string | null;
}

/**
 * Return for revision: the current lock and the valuation computed from it move into the numbered
 * history (with the round's DRAFT report id), freeing the engagement for a new lock. Returns the version.
 */
export async function archiveAssumptions(
  tx: Executor,
  firmId: string,
  engagementId: string,
  r: { gate: string; reason: string; returnedBy: string | null; draftReportId: string | null },
): Promise<number | null> {
  const rows = await tx.query<{ version: number }>(
    `INSERT INTO assumption_versions (engagement_id, firm_id, version, wacc, terminal_growth_rate, rationale, mid_year, method_weights,
       weights_rationale, dlom_percent, dlom_rationale, cost_of_capital, dloc_percent, dloc_rationale, market_approach, projections_reasonableness, locked_at, locked_by, valuation, engine_version, computed_at,
       returned_at_gate, revision_reason, returned_by, draft_report_id)
     SELECT a.engagement_id, a.firm_id, a.version, a.wacc, a.terminal_growth_rate, a.rationale, a.mid_year, a.method_weights,
       a.weights_rationale, a.dlom_percent, a.dlom_rationale, a.cost_of_capital, a.dloc_percent, a.dloc_rationale, a.market_approach, a.projections_reasonableness, a.locked_at, a.locked_by, v.result, v.engine_version, v.computed_at,
       $3, $4, $5, $6
       FROM assumptions a LEFT JOIN valuations v ON v.engagement_id = a.engagement_id
      WHERE a.firm_id = $1 AND a.engagement_id = $2
     RETURNING version`,
    [firmId, engagementId, r.gate, r.reason, r.returnedBy, r.draftReportId],
  );
  if (rows.length === 0) return null;
  await tx.query('DELETE FROM valuations WHERE firm_id = $1 AND engagement_id = $2', [firmId, engagementId]);
  await tx.query('DELETE FROM assumptions WHERE firm_id = $1 AND engagement_id = $2', [firmId, engagementId]);
  return rows[0].version;
}

export async function listAssumptionVersions(
  tx: Executor,
  firmId: string,
  engagementId: string,
): Promise<AssumptionVersionRow[]> {
  return tx.query<AssumptionVersionRow>(
    // The return for revision is stored with the member's id; people read their name (the id when the member is gone).
    `SELECT av.version, av.wacc, av.terminal_growth_rate, av.rationale, av.mid_year, av.method_weights, av.weights_rationale, av.dlom_percent, av.dlom_rationale,
            av.cost_of_capital, av.dloc_percent, av.dloc_rationale, av.market_approach, av.projections_reasonableness, av.locked_at, av.locked_by, av.valuation, av.engine_version, av.computed_at,
            av.returned_at_gate, av.revision_reason, COALESCE(u.name, av.returned_by) AS returned_by, av.returned_at, av.draft_report_id
       FROM assumption_versions av LEFT JOIN users u ON u.id = av.returned_by AND u.firm_id = av.firm_id
      WHERE av.firm_id = $1 AND av.engagement_id = $2 ORDER BY av.version`,
    [firmId, engagementId],
  );
}

/** Another engagement of the firm whose assumptions (locked now or in an earlier round) give this discount reason word for word. */
export async function otherEngagementWithDiscountReason(
  tx: Executor,
  firmId: string,
  engagementId: string,
  reason: string,
): Promise<{ engagementId: string; targetEntity: string } | null> {
  const rows = await tx.query<{ engagement_id: string; target_entity: string }>(
    `SELECT e.id AS engagement_id, e.target_entity
       FROM engagements e
      WHERE e.firm_id = $1 AND e.id <> $2
        AND (EXISTS (SELECT 1 FROM assumptions a WHERE a.firm_id = e.firm_id AND a.engagement_id = e.id
                       AND (btrim(a.dlom_rationale) = $3 OR btrim(a.dloc_rationale) = $3))
          OR EXISTS (SELECT 1 FROM assumption_versions v WHERE v.firm_id = e.firm_id AND v.engagement_id = e.id
                       AND (btrim(v.dlom_rationale) = $3 OR btrim(v.dloc_rationale) = $3)))
      ORDER BY e.created_at DESC
      LIMIT 1`,
    [firmId, engagementId, reason],
  );
  return rows[0] ? { engagementId: rows[0].engagement_id, targetEntity: rows[0].target_entity } : null;
}
