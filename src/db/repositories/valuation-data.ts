// Assumptions, normalised financials and stored valuation results: one row per engagement each.
import type { Executor } from '../client.js';

export interface AssumptionsRow {
  engagement_id: string;
  wacc: string;
  terminal_growth_rate: string;
  rationale: string;
  mid_year: boolean;
  locked_at: Date;
  locked_by: string;
}

/** Inserts the lock; returns null when assumptions were already locked (the primary key decides races). */
export async function insertAssumptions(
  tx: Executor,
  a: { engagementId: string; firmId: string; wacc: string; terminalGrowthRate: string; rationale: string; midYear: boolean; lockedBy: string },
): Promise<AssumptionsRow | null> {
  const rows = await tx.query<AssumptionsRow>(
    `INSERT INTO assumptions (engagement_id, firm_id, wacc, terminal_growth_rate, rationale, mid_year, locked_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (engagement_id) DO NOTHING
     RETURNING engagement_id, wacc, terminal_growth_rate, rationale, mid_year, locked_at, locked_by`,
    [a.engagementId, a.firmId, a.wacc, a.terminalGrowthRate, a.rationale, a.midYear, a.lockedBy],
  );
  return rows[0] ?? null;
}

export async function getAssumptions(tx: Executor, firmId: string, engagementId: string): Promise<AssumptionsRow | null> {
  const rows = await tx.query<AssumptionsRow>(
    `SELECT engagement_id, wacc, terminal_growth_rate, rationale, mid_year, locked_at, locked_by FROM assumptions WHERE firm_id = $1 AND engagement_id = $2`,
    [firmId, engagementId],
  );
  return rows[0] ?? null;
}

export async function upsertFinancials(tx: Executor, firmId: string, engagementId: string, documentId: string, data: unknown): Promise<void> {
  await tx.query(
    `INSERT INTO financials (engagement_id, firm_id, document_id, data) VALUES ($1, $2, $3, $4)
     ON CONFLICT (engagement_id) DO UPDATE SET document_id = EXCLUDED.document_id, data = EXCLUDED.data, created_at = now()`,
    [engagementId, firmId, documentId, JSON.stringify(data)],
  );
}

export async function getFinancials<T = unknown>(tx: Executor, firmId: string, engagementId: string): Promise<{ document_id: string; data: T; created_at: Date } | null> {
  const rows = await tx.query<{ document_id: string; data: T; created_at: Date }>(
    'SELECT document_id, data, created_at FROM financials WHERE firm_id = $1 AND engagement_id = $2',
    [firmId, engagementId],
  );
  return rows[0] ?? null;
}

export async function upsertValuation(tx: Executor, firmId: string, engagementId: string, engineVersion: string, result: unknown): Promise<void> {
  await tx.query(
    `INSERT INTO valuations (engagement_id, firm_id, engine_version, result) VALUES ($1, $2, $3, $4)
     ON CONFLICT (engagement_id) DO UPDATE SET engine_version = EXCLUDED.engine_version, result = EXCLUDED.result, computed_at = now()`,
    [engagementId, firmId, engineVersion, JSON.stringify(result)],
  );
}

export async function getValuation<T = unknown>(tx: Executor, firmId: string, engagementId: string): Promise<{ engine_version: string; result: T; computed_at: Date } | null> {
  const rows = await tx.query<{ engine_version: string; result: T; computed_at: Date }>(
    'SELECT engine_version, result, computed_at FROM valuations WHERE firm_id = $1 AND engagement_id = $2',
    [firmId, engagementId],
  );
  return rows[0] ?? null;
}
