// A firm's saved cost-of-capital build-ups (migration 0123).
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import type { costOfCapitalBody } from '../../contract/lock-forms.js';

export interface SavedCostOfCapitalRow {
  id: string;
  name: string;
  /** As the save validated it (the lock's costOfCapital). */
  build_up: z.output<typeof costOfCapitalBody>;
  saved_by: string;
  saved_by_name: string | null;
  saved_at: Date;
}

const COLUMNS = `s.id, s.name, s.build_up, s.saved_by, s.saved_at,
  (SELECT u.name FROM users u WHERE u.firm_id = s.firm_id AND u.id = s.saved_by) AS saved_by_name`;

export function listSavedCostOfCapital(tx: Executor, firmId: string): Promise<SavedCostOfCapitalRow[]> {
  return tx.query<SavedCostOfCapitalRow>(
    `SELECT ${COLUMNS} FROM saved_cost_of_capital s WHERE s.firm_id = $1 ORDER BY s.name, s.id`,
    [firmId],
  );
}

/** Saves the build-up under its name: a name the firm already uses is replaced (same id). */
export async function upsertSavedCostOfCapital(
  tx: Executor,
  firmId: string,
  entry: { id: string; name: string; buildUp: unknown; savedBy: string },
): Promise<SavedCostOfCapitalRow> {
  const rows = await tx.query<{ id: string }>(
    `INSERT INTO saved_cost_of_capital (id, firm_id, name, build_up, saved_by) VALUES ($1, $2, $3, $4::jsonb, $5)
     ON CONFLICT (firm_id, name) DO UPDATE SET build_up = EXCLUDED.build_up, saved_by = EXCLUDED.saved_by, saved_at = now()
     RETURNING id`,
    [entry.id, firmId, entry.name, JSON.stringify(entry.buildUp), entry.savedBy],
  );
  const saved = await tx.query<SavedCostOfCapitalRow>(
    `SELECT ${COLUMNS} FROM saved_cost_of_capital s WHERE s.firm_id = $1 AND s.id = $2`,
    [firmId, rows[0].id],
  );
  return saved[0];
}

export async function deleteSavedCostOfCapital(tx: Executor, firmId: string, id: string): Promise<boolean> {
  const rows = await tx.query('DELETE FROM saved_cost_of_capital WHERE firm_id = $1 AND id = $2 RETURNING id', [
    firmId,
    id,
  ]);
  return rows.length > 0;
}
