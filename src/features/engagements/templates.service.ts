// Downloadable financials templates: blank ones to fill in, and the same layout filled in with an example
// company (named "example" everywhere, so nobody values the sample company by accident).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { writeCsv, writeXlsx } from '../../integrations/spreadsheets/financials-files.js';
import {
  blankDocument,
  blankGrid,
  type FinancialsDocumentLike,
} from '../../integrations/spreadsheets/financials-grid.js';

const EXAMPLE = JSON.parse(
  readFileSync(fileURLToPath(new URL('./assets/financials-example.json', import.meta.url)), 'utf8'),
) as FinancialsDocumentLike;

export type TemplateFormat = 'json' | 'csv' | 'xlsx';

const CONTENT_TYPES: Record<TemplateFormat, string> = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The blank template, every field present with no value: uploading it unchanged is rejected field by field. */
export async function financialsTemplate(format: TemplateFormat): Promise<{ contentType: string; data: Buffer }> {
  const data =
    format === 'json'
      ? Buffer.from(JSON.stringify(blankDocument(), null, 2))
      : format === 'csv'
        ? writeCsv(blankGrid())
        : await writeXlsx(blankGrid());
  return { contentType: CONTENT_TYPES[format], data };
}

/** The example company's financials in the template layout; it passes validation and values like the fixture. */
export async function financialsExample(format: TemplateFormat): Promise<{ contentType: string; data: Buffer }> {
  const data =
    format === 'json'
      ? Buffer.from(JSON.stringify(EXAMPLE, null, 2))
      : format === 'csv'
        ? writeCsv(EXAMPLE)
        : await writeXlsx(EXAMPLE);
  return { contentType: CONTENT_TYPES[format], data };
}
