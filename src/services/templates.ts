// Downloadable financials templates, filled in with an example company that passes validation.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { writeCsv, writeXlsx } from '../integrations/spreadsheets/financials-files.js';
import type { FinancialsDocumentLike } from '../integrations/spreadsheets/financials-grid.js';

const EXAMPLE = JSON.parse(
  readFileSync(fileURLToPath(new URL('./assets/financials-example.json', import.meta.url)), 'utf8'),
) as FinancialsDocumentLike;

export async function financialsTemplate(format: 'json' | 'csv' | 'xlsx'): Promise<{ contentType: string; data: Buffer }> {
  if (format === 'json') return { contentType: 'application/json; charset=utf-8', data: Buffer.from(JSON.stringify(EXAMPLE, null, 2)) };
  if (format === 'csv') return { contentType: 'text/csv; charset=utf-8', data: writeCsv(EXAMPLE) };
  return { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data: await writeXlsx(EXAMPLE) };
}
