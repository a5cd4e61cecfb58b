// Four eyes mean four eyes (docs/decisions.md, Engagement lifecycle): the GATE_2 reviewer is a different
// person from whoever locked this round's assumptions and approved GATE_1; the GATE_3 signatory is not the
// GATE_2 reviewer. Pure: the gate enforces it and "Waiting for me" asks it, from the same facts.
import type { Gate } from './state-machine.js';
import { gateInWords } from '../../contract/stages.js';

/** The people (user ids; a token's step counts as its creator's) behind an engagement's earlier steps. */
export interface ReviewHistory {
  /** Who locked this round's assumptions. */
  lockedBy: string | null;
  /** Who approved GATE_1 last. */
  gate1: string | null;
  /** Who approved GATE_2 last. */
  gate2: string | null;
}

/** What bars the person from deciding the gate, as phrases ("locked the assumptions", …); none: independent. */
export function independenceConflicts(gate: Gate, personId: string, history: ReviewHistory): string[] {
  if (gate === 'GATE_2') {
    return [
      ...(history.lockedBy === personId ? ['locked the assumptions'] : []),
      ...(history.gate1 === personId ? [`approved ${gateInWords('GATE_1')}`] : []),
    ];
  }
  if (gate === 'GATE_3') return history.gate2 === personId ? [`approved ${gateInWords('GATE_2')}`] : [];
  return [];
}
