// Opaque, prefixed, time-sortable identifiers (docs/decisions.md, API conventions): eng_01J…, doc_01J…
import { randomFillSync } from 'node:crypto';
import { monotonicFactory } from 'ulid';

// ulid's default PRNG asks the OS for one byte per character (16 calls per id in a new millisecond);
// drawing the same cryptographic bytes from a pool refilled 4 KiB at a time costs a fraction of that.
const pool = Buffer.alloc(4096);
let next = pool.length;
function pooledRandom(): number {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  return pool[next++] / 256;
}

const ulid = monotonicFactory(pooledRandom);

export type IdPrefix =
  | 'eng'
  | 'doc'
  | 'pay'
  | 'usr'
  | 'tok'
  | 'whk'
  | 'evt'
  | 'job'
  | 'frm'
  | 'ses'
  | 'inv'
  | 'aud'
  | 'rpt'
  | 'req'
  | 'dlv'
  | 'blob'
  | 'key'
  | 'cert'
  | 'scp'
  | 'ntf'
  | 'coc';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${ulid()}`;
}
