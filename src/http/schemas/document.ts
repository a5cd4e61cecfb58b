import { z } from 'zod';
import { isoDateTime } from './common.js';
import { DOCUMENT_KINDS } from '../../contract/vocabulary.js';

export const documentErrorSchema = z.object({
  path: z.string().describe('JSON Pointer into the canonical financials document'),
  message: z.string(),
  location: z.string().optional().describe('CSV/XLSX: "row 14, column FY2028"'),
});

export const documentObject = z.object({
  id: z.string(),
  engagementId: z.string(),
  kind: z.enum(DOCUMENT_KINDS),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  status: z.enum(['STORED', 'PARSING', 'PARSED', 'REJECTED']),
  errors: z.array(documentErrorSchema).optional(),
  createdAt: isoDateTime,
});
