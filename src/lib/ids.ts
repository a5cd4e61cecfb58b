// Opaque, prefixed, time-sortable identifiers (DESIGN §2): eng_01J…, doc_01J…
import { monotonicFactory } from 'ulid';

const ulid = monotonicFactory();

export type IdPrefix =
  | 'eng' | 'doc' | 'pay' | 'usr' | 'tok' | 'whk' | 'evt' | 'job' | 'frm' | 'ses' | 'inv' | 'aud' | 'rpt' | 'req' | 'dlv' | 'blob' | 'key';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${ulid()}`;
}

