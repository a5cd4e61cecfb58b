// A discount on a FEMA issue or transfer to a non-resident lowers the floor Rule 21 sets: the warning says so and
// carries the valuer's reason (docs/statutes.md, FEMA).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { femaDiscountWarnings } from '../../../src/domain/valuation/warnings.js';

const REASON = 'The allotment carries a three-year lock-in with no tag-along right.';

test('a DLOM on an issue to a non-resident: one warning naming the floor and carrying the reason', () => {
  const [w, ...rest] = femaDiscountWarnings('FEMA_RBI', 'ISSUE_TO_NON_RESIDENT', {
    dlomPercent: '10',
    dlomRationale: REASON,
  });
  assert.equal(rest.length, 0);
  assert.equal(w.code, 'FEMA_DISCOUNT_LOWERS_FLOOR');
  assert.match(
    w.message,
    /takes a discount for lack of marketability of 10%, and Rule 21 .* sets that fair value as the floor on the price of an issue/,
  );
  assert.ok(w.message.endsWith(`The valuer's reason: ${REASON}`));
});

test('a DLOC and a DLOM on a transfer to a non-resident: one warning each; none where no floor is set or no discount given', () => {
  assert.equal(
    femaDiscountWarnings('FEMA_RBI', 'TRANSFER_RESIDENT_TO_NON_RESIDENT', {
      dlocPercent: '5',
      dlocRationale: 'x',
      dlomPercent: '10',
      dlomRationale: 'y',
    }).length,
    2,
  );
  // A transfer from a non-resident to a resident: the fair value is a ceiling, which a discount does not loosen.
  assert.deepEqual(
    femaDiscountWarnings('FEMA_RBI', 'TRANSFER_NON_RESIDENT_TO_RESIDENT', { dlomPercent: '10', dlomRationale: REASON }),
    [],
  );
  assert.deepEqual(femaDiscountWarnings('FEMA_RBI', 'ISSUE_TO_NON_RESIDENT', {}), []);
  assert.deepEqual(
    femaDiscountWarnings('FEMA_RBI', 'ISSUE_TO_NON_RESIDENT', { dlomPercent: '0', dlomRationale: REASON }),
    [],
  );
  assert.deepEqual(
    femaDiscountWarnings('COMPANIES_ACT_SEC_62', null, { dlomPercent: '10', dlomRationale: REASON }),
    [],
  );
});
