/** Why a signed copy is refused, with a sentence saying precisely what is wrong (docs/report-signatures.md). */
export type SignedCopyRefusalReason = 'not_of_this_report' | 'changes_report' | 'signature_invalid';

export class SignedCopyRefusal extends Error {
  constructor(
    readonly reason: SignedCopyRefusalReason,
    message: string,
  ) {
    super(message);
  }
}

/** Refuses the copy as one that changes the report, not only signs it. */
export const refuse = (message: string): never => {
  throw new SignedCopyRefusal('changes_report', message);
};
