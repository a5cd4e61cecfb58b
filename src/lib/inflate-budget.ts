// One inflation budget per file: every deflated stream a client sends (a PDF's object and cross-reference
// streams, a signed copy's added streams) is inflated through it, and the file as a whole may never expand past
// the bound. zlib stops at `maxOutputLength`, so no more than the bound is ever allocated
// (docs/decisions.md, Upload bounds per format).
import { inflateSync } from 'node:zlib';

/** What a client's PDF may inflate to in all: as much as a workbook may (8 MB). */
export const MAX_INFLATED_BYTES_PER_FILE = 8 * 1024 * 1024;

export class InflateBudgetExceeded extends Error {
  constructor(
    readonly bound: number,
    readonly what: string,
  ) {
    super(`${what} inflates past the bound of ${bound} bytes for one file`);
  }
}

export class InflateBudget {
  private used = 0;
  constructor(readonly bound: number = MAX_INFLATED_BYTES_PER_FILE) {}

  /** `data` inflated (zlib format), counted against the file's budget; `what` names it in the refusal. */
  inflate(data: Uint8Array, what: string): Buffer {
    const remaining = this.bound - this.used;
    if (remaining <= 0) throw new InflateBudgetExceeded(this.bound, what);
    let out: Buffer;
    try {
      out = inflateSync(data, { maxOutputLength: remaining });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
        throw new InflateBudgetExceeded(this.bound, what);
      throw err;
    }
    this.used += out.length;
    return out;
  }

  get inflated(): number {
    return this.used;
  }
}
