// An IBC engagement's set of valuers as create and PATCH take it (docs/statutes.md, IBC: the set of valuers): the
// members holding each class, read from the firm, and the officer who appointed them; the rules are the domain's.
import type { Executor } from '../../db/client.js';
import { getUser } from '../identity/users.repository.js';
import {
  appointingOfficerErrors,
  valuerSetMemberErrors,
  type FieldError,
  type SetMember,
} from '../../domain/engagement/ibc-set.js';
import { appointingAuthorityText, type AppointingOfficer, type ValuerSet } from '../../contract/ibc-valuer-set.js';

/** The set's members as the firm holds them (another firm's member is no member of this one). */
async function setMembers(tx: Executor, firmId: string, set: ValuerSet): Promise<Map<string, SetMember>> {
  const members = new Map<string, SetMember>();
  for (const id of new Set(set.classes.map((c) => c.memberId))) {
    const user = await getUser(tx, firmId, id);
    if (user) members.set(id, { id, name: user.name, status: user.status, registrations: user.registrations ?? null });
  }
  return members;
}

/** The set and the officer after a create or PATCH: 400 naming the field (e.g. /valuerSet/classes/1/memberId). */
export async function ibcSetErrors(
  tx: Executor,
  firmId: string,
  after: {
    purpose: string | null | undefined;
    valuerSet: ValuerSet | null | undefined;
    appointingOfficer: AppointingOfficer | null | undefined;
    appointmentDate: string | null | undefined;
  },
  check: { set: boolean; officer: boolean },
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  if (check.set && after.valuerSet) {
    errors.push(...valuerSetMemberErrors(after.valuerSet, await setMembers(tx, firmId, after.valuerSet)));
  }
  if (check.officer)
    errors.push(...appointingOfficerErrors(after.appointingOfficer, after.purpose, after.appointmentDate));
  return errors;
}

/**
 * The free-text appointing authority the report prints, where the officer is given as facts: the text given, else the
 * text recorded when it already names the officer's registration, else the text written from the facts.
 */
export function appointingAuthorityFor(
  officer: AppointingOfficer | null | undefined,
  given: string | null | undefined,
  recorded: string | null,
): string | null | undefined {
  if (!officer || given !== undefined) return given;
  if (recorded && recorded.toUpperCase().includes(officer.ibbiRegistration)) return undefined;
  return appointingAuthorityText(officer);
}
