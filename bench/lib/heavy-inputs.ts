// What the heavy bench sends: the engagement, its signatories' registrations and assumptions, a multipart upload and
// a firm's own workbook of a chosen size.
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { writeXlsx } from '../../src/integrations/spreadsheets/financials-files.js';
import { IBC_APPOINTING_EXAMPLE } from '../../src/contract/ibc-appointment.js';

export const STATUTE = process.env.BENCH_HEAVY_STATUTE ?? 'RULE_11UA';
/** An IBBI registered valuer's registration for `assetClass`, with the same RVO for each. */
const ibbiRv = (number: string, assetClass: string) => ({
  type: 'IBBI_RV',
  number,
  assetClass,
  rvo: 'ICAI Registered Valuers Organisation',
});
export const REGISTRATIONS = [
  ibbiRv('IBBI/RV/03/2019/12345', 'SECURITIES_OR_FINANCIAL_ASSETS'),
  // IBC: each asset class's estimate is signed by a valuer registered for it (BENCH_HEAVY_STATUTE=IBC_LIQUIDATION).
  ibbiRv('IBBI/RV/01/2019/12346', 'LAND_AND_BUILDING'),
  ibbiRv('IBBI/RV/02/2019/12347', 'PLANT_AND_MACHINERY'),
  { type: 'SEBI_MERCHANT_BANKER', number: 'INM000012345' },
  { type: 'ICAI_MEMBERSHIP', number: '123456' },
];
export const ENGAGEMENT = {
  targetEntity: 'Bench Castings Pvt Ltd',
  statute: STATUTE,
  cin: 'U28100MH2015PTC123456',
  ...(STATUTE === 'RULE_11UA'
    ? { purpose: 'TRANSFER_OR_RECEIPT' }
    : STATUTE === 'FEMA_RBI'
      ? { purpose: 'ISSUE_TO_NON_RESIDENT' }
      : {}),
  // Under the IBC the resolution professional appoints (src/contract/ibc-appointment.ts), never a board.
  appointingAuthority:
    STATUTE === 'IBC_LIQUIDATION'
      ? IBC_APPOINTING_EXAMPLE.CIRP
      : 'Board of Directors of Bench Castings Private Limited',
  appointmentDate: '2026-04-02',
  companyBackground:
    'Bench Castings makes precision castings for the automotive industry from two plants in Pune, founded in 2015 and profitable since 2019.',
};
export const ASSUMPTIONS = {
  wacc: 12.5,
  terminalGrowthRate: 4,
  rationale: 'Peer beta 1.1 relevered; CAPM on 10y G-sec yield of 7.0 %.',
};

export interface Who {
  headers: Record<string, string>;
}

export function multipart(fields: Record<string, string>, file: { name: string; data: Buffer }) {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(file.data),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * A firm's own workbook: the financials template for `doc`, a second sheet of 4,000 × 10 numbers (workings) and
 * an incompressible image (a logo, a scanned signature), grown to a file of about `targetFileBytes`.
 */
export async function firmWorkbook(doc: Record<string, unknown>, targetFileBytes: number): Promise<Buffer> {
  const build = async (imageBytes: number) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await writeXlsx(doc as never)) as unknown as Parameters<typeof wb.xlsx.load>[0]);
    const notes = wb.addWorksheet('Workings');
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let r = 0; r < 4000; r++) notes.addRow(Array.from({ length: 10 }, () => Math.round(next() * 1e9) / 100));
    if (imageBytes > 0)
      notes.addImage(wb.addImage({ buffer: randomBytes(imageBytes) as never, extension: 'png' }), 'L1:N8');
    return Buffer.from(await wb.xlsx.writeBuffer());
  };
  const bare = await build(0);
  // The image is stored, not compressed: it adds its own size to the file.
  return build(Math.max(0, targetFileBytes - bare.length - 1024));
}
