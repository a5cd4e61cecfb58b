// The IBC set's pure rules (docs/statutes.md, IBC: the set of valuers): the regulations' days for the valuers'
// appointment, counted from the day after (General Clauses Act, s.9), and the verification dated where it can be true.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addDays, appointmentWarnings, setLockErrors } from '../../src/domain/engagement/ibc-set.js';

const RP = {
  name: 'Arvind Kulkarni',
  role: 'RESOLUTION_PROFESSIONAL' as const,
  ibbiRegistration: 'IBBI/IPA-001/IP-P01234/2019-2020/12345',
  appointedOn: '2026-04-01',
};
const CIRP = 'CIRP_FAIR_AND_LIQUIDATION_VALUE';

test("CIRP Reg 27(1): within seven days of the RP's appointment and by the 47th day from the commencement date", () => {
  const warn = (appointmentDate: string, officer = RP) =>
    appointmentWarnings({ purpose: CIRP, officer, appointmentDate, commencementDate: '2026-03-31' }).map(
      (w) => w.message,
    );
  assert.equal(addDays('2026-03-31', 47), '2026-05-17');
  assert.deepEqual(warn('2026-04-08'), [], 'the seventh day is in time');
  assert.equal(warn('2026-04-09').length, 1);
  assert.match(
    warn('2026-04-09')[0],
    /Regulation 27\(1\).*seven days.*by 2026-04-08; this appointment is dated 2026-04-09/,
  );
  // An RP appointed on day 45: seven days of theirs would pass day 47, which still binds.
  const late = { ...RP, appointedOn: '2026-05-15' };
  assert.deepEqual(warn('2026-05-17', late), []);
  const both = warn('2026-05-18', late);
  assert.equal(both.length, 1);
  assert.match(both[0], /47th day from the insolvency commencement date \(2026-03-31\), 2026-05-17/);
  assert.equal(warn('2026-05-30', { ...RP, appointedOn: '2026-04-01' }).length, 2);
});

test('Liquidation Reg 35(2): within seven days of the liquidation commencement date', () => {
  const warn = (appointmentDate: string) =>
    appointmentWarnings({
      purpose: 'LIQUIDATION_REALISABLE_VALUE',
      officer: null,
      appointmentDate,
      commencementDate: '2026-03-31',
    });
  assert.deepEqual(warn('2026-04-07'), []);
  assert.match(
    warn('2026-04-08')[0]!.message,
    /Regulation 35\(2\) of the Liquidation Process Regulations.*by 2026-04-07/,
  );
});

test('at the lock: each valued class held, each verification recorded and dated between the appointment and the report', () => {
  const v = (date: string) => ({ date, inspected: 'The factory land and buildings', present: 'The RP' });
  const set = {
    classes: [
      { assetClass: 'LAND_AND_BUILDING' as const, memberId: 'usr_a', verification: v('2026-04-02') },
      { assetClass: 'PLANT_AND_MACHINERY' as const, memberId: 'usr_b', verification: v('2026-04-10') },
    ],
    coordinatingValuerId: 'usr_a',
  };
  const dates = { appointmentDate: '2026-04-02', commencementDate: '2026-03-31', reportDate: '2026-04-09' };
  const errors = setLockErrors(set, ['LAND_AND_BUILDING', 'PLANT_AND_MACHINERY', 'TRADE_RECEIVABLES'], dates);
  assert.deepEqual(
    errors.map((e) => e.path),
    ['/valuerSet/classes', '/valuerSet/classes/1/verification/date'],
  );
  assert.match(errors[0]!.message, /Securities or Financial Assets assets, but the set names no valuer for that class/);
  assert.match(errors[1]!.message, /after the report \(2026-04-09\)/);
  assert.deepEqual(setLockErrors(set, ['LAND_AND_BUILDING'], { ...dates, reportDate: '2026-04-10' }), []);
});
