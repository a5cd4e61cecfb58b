// Rate limits and login throttling (docs/decisions.md, Rate limits and login throttling): counted per
// address as the service sees it (X-Forwarded-For only from configured proxies), shared by every API
// process through the database, and counting only failed logins, so an attacker's guesses slow the
// attacker and never lock the owner out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp } from '../../../src/app.js';
import { createLogger } from '../../../src/lib/logger.js';
import {
  LOGIN_ADDRESS_FAILURES,
  LOGIN_FREE_FAILURES,
  progressiveDelaySeconds,
} from '../../../src/features/platform/rate-limits.service.js';
import { createTestApp, testConfig, type TestApp } from '../../helpers/app.js';
import { advanceLimiterClock, spreadLoginAttack } from '../../helpers/login-attack.js';
import {
  adminApp,
  asUser,
  invitationTokenFor,
  invite,
  knownBrowserTokenFor,
  PASSWORD,
  signupAdmin,
  uniqueEmail,
  type Session,
} from '../../helpers/principals.js';

let t: TestApp, owner: Session;
adminApp((s) => ({ t, admin: owner } = s));

const login = (
  email: string,
  password: string,
  remoteAddress: string,
  headers: Record<string, string> = {},
  app = t.app,
) => app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress, headers, payload: { email, password } });

test('a forged X-Forwarded-For resets no limit when no proxy is trusted (the default)', async () => {
  const address = '203.0.113.20';
  let last;
  for (let i = 0; i <= LOGIN_ADDRESS_FAILURES; i++) {
    // A different unknown e-mail and a different forged address on every try: only the address counts.
    last = await login(uniqueEmail('nobody'), 'wrong-password-here', address, { 'x-forwarded-for': `198.51.100.${i}` });
  }
  assert.equal(last!.statusCode, 429, last!.body);
  assert.equal(last!.json().code, 'rate_limited');
  assert.ok(Number(last!.headers['retry-after']) > 0);

  let signup;
  for (let i = 0; i < 11; i++) {
    signup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      remoteAddress: '203.0.113.21',
      headers: { 'x-forwarded-for': `198.51.100.${i}` },
      payload: { firmName: `Forged ${i} LLP`, name: 'Fay Forger', email: uniqueEmail('forged'), password: PASSWORD },
    });
  }
  assert.equal(signup!.statusCode, 429, 'the eleventh sign-up from one address in an hour');
});

test('behind a trusted proxy (TRUST_PROXY=1) the forwarded address is the one counted', async () => {
  const proxied = await createTestApp({ env: { TRUST_PROXY: '1' } });
  try {
    const res = await proxied.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '198.51.100.77' },
    });
    assert.equal(res.statusCode, 200);
    for (let i = 0; i < LOGIN_ADDRESS_FAILURES; i++) {
      await login(
        uniqueEmail('nobody'),
        'wrong-password-here',
        '10.0.0.2',
        { 'x-forwarded-for': '198.51.100.77' },
        proxied.app,
      );
    }
    const blocked = await login(
      uniqueEmail('nobody'),
      'wrong-password-here',
      '10.0.0.2',
      { 'x-forwarded-for': '198.51.100.77' },
      proxied.app,
    );
    assert.equal(blocked.statusCode, 429);
    // Another client behind the same proxy is not the attacker.
    const other = await login(
      uniqueEmail('nobody'),
      'wrong-password-here',
      '10.0.0.2',
      { 'x-forwarded-for': '198.51.100.78' },
      proxied.app,
    );
    assert.equal(other.statusCode, 401);
  } finally {
    await proxied.close();
  }
});

test("the owner logs in at once after an attacker's ten wrong guesses; the attacker waits, at most a minute", async () => {
  for (let i = 0; i < 10; i++) {
    const guess = await login(owner.email, `guess-number-${i}-wrong`, '203.0.113.66');
    if (guess.statusCode === 429) {
      // Each try past the fifth waits a little longer: 1 s, 2 s, 4 s … never more than 60 s.
      assert.ok(Number(guess.headers['retry-after']) <= 60);
    } else {
      assert.equal(guess.statusCode, 401);
    }
  }
  const ownerLogin = await login(owner.email, PASSWORD, '198.51.100.10');
  assert.equal(ownerLogin.statusCode, 200, ownerLogin.body);
  assert.equal(progressiveDelaySeconds(6, 5), 2);
  assert.equal(progressiveDelaySeconds(40, 5), 60);
});

/** The seconds a 429 says to wait, the same in its Retry-After and its sentence. */
function statedWait(res: Awaited<ReturnType<typeof login>>): number {
  assert.equal(res.statusCode, 429, res.body);
  const seconds = Number(res.headers['retry-after']);
  assert.ok(Number.isInteger(seconds) && seconds > 0, `Retry-After ${res.headers['retry-after']}`);
  assert.match(res.json().detail, new RegExp(`retry in ${seconds} s$`));
  return seconds;
}

test('Retry-After is the real wait: a try made after the stated seconds is not refused (a real wait)', async () => {
  const victim = await signupAdmin(t, 'Patient Guessers LLP');
  const address = '203.0.113.71';
  for (let g = 0; g < LOGIN_FREE_FAILURES; g++)
    assert.equal((await login(victim.email, `wrong-${g}`, address)).statusCode, 401);
  // The try made at once is refused and counts: the sixth failure there waits 2 s, and that is what it says.
  const seconds = statedWait(await login(victim.email, 'too-soon', address));
  assert.equal(seconds, progressiveDelaySeconds(LOGIN_FREE_FAILURES + 1, LOGIN_FREE_FAILURES));
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const after = await login(victim.email, PASSWORD, address);
  assert.equal(after.statusCode, 200, `after waiting the stated ${seconds} s: ${after.body}`);
});

test("Retry-After at the end of an address's window covers the account's own wait there, so the next try is let in", async () => {
  const address = '203.0.113.72';
  const victim = await signupAdmin(t, 'Window Edge LLP');
  // Fifteen failures on other accounts, then, ten seconds later, five on the victim's: the address has had its 20.
  for (let i = 0; i < LOGIN_ADDRESS_FAILURES - LOGIN_FREE_FAILURES; i++)
    assert.equal((await login(uniqueEmail('nobody'), 'wrong-password-here', address)).statusCode, 401);
  await advanceLimiterClock(t.db, 10);
  for (let g = 0; g < LOGIN_FREE_FAILURES; g++)
    assert.equal((await login(victim.email, `wrong-${g}`, address)).statusCode, 401);
  // The address waits for its window (about 890 s); a client waits all but the last second of it and tries again.
  const first = statedWait(await login(victim.email, PASSWORD, address));
  assert.ok(first > 800 && first <= 890, `the address's window: ${first} s`);
  await advanceLimiterClock(t.db, first - 1);
  // Refused, and that try counts for the account at this address too: its wait there outlasts the window's last
  // second, and the stated wait is that longer one.
  const second = statedWait(await login(victim.email, PASSWORD, address));
  assert.ok(second > 1, `the account's wait at this address, not the window's last second: ${second} s`);
  await advanceLimiterClock(t.db, second);
  const after = await login(victim.email, PASSWORD, address);
  assert.equal(after.statusCode, 200, `after the stated ${second} s: ${after.body}`);
});

test('successful logins do not count: a busy user logs in thirty times in a row', async () => {
  for (let i = 0; i < 30; i++) {
    const res = await login(owner.email, PASSWORD, '198.51.100.11');
    assert.equal(res.statusCode, 200, `login ${i + 1}: ${res.body}`);
  }
});

test('two API processes share one limit', async () => {
  const other = await buildApp({
    db: t.db,
    config: testConfig({ SESSION_SECRET: t.config.SESSION_SECRET! }),
    log: createLogger('silent'),
  });
  await other.ready();
  try {
    const address = '203.0.113.99';
    for (let i = 0; i < LOGIN_ADDRESS_FAILURES; i++) {
      await login(uniqueEmail('nobody'), 'wrong-password-here', address, {}, i % 2 === 0 ? t.app : other);
    }
    // Half the failures went to each process; either one now refuses the address.
    assert.equal((await login(uniqueEmail('nobody'), 'wrong-password-here', address, {}, t.app)).statusCode, 429);
    assert.equal((await login(uniqueEmail('nobody'), 'wrong-password-here', address, {}, other)).statusCode, 429);
  } finally {
    await other.close();
  }
});

test('weak passwords are refused at sign-up with a sentence naming /password', async () => {
  const email = uniqueEmail('weak');
  for (const password of ['aaaaaaaaaaaa', 'password1234', '123456789012', email]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      remoteAddress: '198.51.100.200',
      payload: { firmName: 'Weak Keys LLP', name: 'Wendy Weak', email, password },
    });
    assert.equal(res.statusCode, 400, `${password}: ${res.body}`);
    const [error] = res.json().errors;
    assert.equal(error.path, '/password');
    assert.match(error.message, /common password|repeats|run of characters|your e-mail address/, password);
  }
});

test("a person's own name, e-mail or firm plus a year is refused at sign-up and when accepting an invitation", async () => {
  const cases = [
    { name: 'Ramesh Kumar', email: uniqueEmail('rk'), firmName: 'Kumar Associates', password: 'RameshKumar1985' },
    { name: 'Anita Sharma', email: uniqueEmail('as'), firmName: 'Sharma Valuers LLP', password: 'AnitaSharma1990' },
    { name: 'Priya Nair', email: uniqueEmail('pn'), firmName: 'Backwater Advisory', password: 'BackwaterAdvisory2024' },
  ];
  for (const c of cases) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      remoteAddress: '198.51.100.201',
      payload: c,
    });
    assert.equal(res.statusCode, 400, `${c.password}: ${res.body}`);
    assert.equal(res.json().errors[0].path, '/password');
  }
  // The same sentence when an invited member chooses such a password.
  const admin = await signupAdmin(t, 'Malhotra Partners');
  const email = uniqueEmail('si');
  const invited = await invite(t, asUser(admin), { email, name: 'Suresh Iyer', role: 'VALUER' });
  assert.equal(invited.statusCode, 201, invited.body);
  const token = invitationTokenFor(t, email);
  for (const password of ['SureshIyer1979', 'MalhotraPartners2025']) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/accept-invite',
      remoteAddress: '198.51.100.202',
      payload: { token, password },
    });
    assert.equal(res.statusCode, 400, `${password}: ${res.body}`);
    assert.equal(res.json().errors[0].path, '/password');
  }
});

test("the person's own name in any order or case, with digits or punctuation, is refused; an unrelated phrase is not", async () => {
  const person = { name: 'Ramesh Kumar', firmName: 'Coastal Valuers LLP' };
  const signup = (password: string, email = uniqueEmail('ramesh.kumar')) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      remoteAddress: '198.51.100.203',
      payload: { ...person, email, password },
    });
  for (const password of ['kumarramesh2026', 'RameshKumar2026', '2026Kumar.Ramesh', 'ramesh kumar kumar ramesh!']) {
    const res = await signup(password);
    assert.equal(res.statusCode, 400, `${password}: ${res.body}`);
    assert.equal(res.json().code, 'validation_failed');
    assert.deepEqual(res.json().errors, [
      {
        path: '/password',
        message:
          'is made only of the words of your name or e-mail (ramesh, kumar), whatever their order, case, digits or punctuation: choose a longer phrase of unrelated words',
      },
    ]);
  }
  // Every word of the name among other words is still the name.
  const among = await signup('Tiger Kumar sails with Ramesh 1984');
  assert.equal(among.statusCode, 400, among.body);
  assert.match(among.json().errors[0].message, /^contains every word of your name \(ramesh, kumar\)/);
  // The e-mail's local part counts as the person's words too.
  const byMail = await signup('Vanilla-Thunder-2026', 'vanilla.thunder@example.com');
  assert.equal(byMail.statusCode, 400, byMail.body);
  assert.match(byMail.json().errors[0].message, /words of your name or e-mail \(ramesh, kumar, vanilla, thunder\)/);
  // A strong phrase that has nothing to do with the person is accepted.
  const strong = await signup('violet tractor umbrella quietly 47');
  assert.equal(strong.statusCode, 201, strong.body);
});

const setCookie = (res: { headers: Record<string, unknown> }, name: string) => {
  const raw = res.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  const found = all.map(String).find((c) => c.startsWith(`${name}=`));
  return found?.split(';')[0];
};

test('spread over ten IPv6 networks, guesses cannot keep the owner out: the known browser logs in at once, and each 429 costs its sender', async () => {
  const victim = await signupAdmin(t, 'Spread Attack LLP');
  // The owner's browser has logged in before: it keeps a known-browser cookie (HttpOnly).
  const earlier = await login(victim.email, PASSWORD, '198.51.100.30');
  assert.equal(earlier.statusCode, 200, earlier.body);
  const knownBrowser = setCookie(earlier, 'vs_device');
  assert.ok(knownBrowser, 'a known-browser cookie is set on a successful login');
  assert.match(String(earlier.headers['set-cookie']), /vs_device=[^;]+;.*HttpOnly/);

  // Ten attackers, each in a network of its own, five guesses each, then one more each time the account-wide wait
  // ends, twice: the account is held for 4 s.
  const attackers = await spreadLoginAttack(t.app, victim.email, { networks: 10, rounds: 2 });
  // One more from each, as soon as it may: refused, and each refusal counts against its sender.
  for (const address of attackers)
    assert.equal((await login(victim.email, `again-${address}`, address)).statusCode, 429);

  // The owner in a browser the account has never used: the account-wide wait applies to it.
  const unknown = await login(victim.email, PASSWORD, '2001:db8:ff::1');
  assert.equal(unknown.statusCode, 429, unknown.body);
  assert.match(
    unknown.json().detail,
    /from several addresses; wait before trying again, or log in from a browser you have used before/,
  );
  // The owner's known browser, from yet another address: at once.
  const known = await login(victim.email, PASSWORD, '2001:db8:fe::1', { cookie: knownBrowser! });
  assert.equal(known.statusCode, 200, known.body);
  // A known-browser cookie of another account, or a forged one, is no help.
  const forged = knownBrowser!.replace(/\.[^.]+$/, '.AAAA');
  assert.equal((await login(victim.email, PASSWORD, '2001:db8:fd::1', { cookie: forged })).statusCode, 429);
  const otherOwner = await login(owner.email, PASSWORD, '2001:db8:fc::1');
  assert.equal(otherOwner.statusCode, 200);
  assert.equal(
    (await login(victim.email, PASSWORD, '2001:db8:fb::1', { cookie: setCookie(otherOwner, 'vs_device')! })).statusCode,
    429,
  );

  // The owner in a new browser asks for a link by e-mail; opening it there makes that browser known: bounded
  // by the time the mail takes, whatever the attackers do.
  const ask = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/known-browser-link',
    remoteAddress: '2001:db8:ff::1',
    payload: { email: victim.email },
  });
  assert.equal(ask.statusCode, 202, ask.body);
  const token = await knownBrowserTokenFor(t, victim.email);
  const open = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/known-browser',
    remoteAddress: '2001:db8:ff::1',
    payload: { token },
  });
  assert.equal(open.statusCode, 200, open.body);
  const madeKnown = setCookie(open, 'vs_device');
  assert.ok(madeKnown);
  assert.equal(
    open.headers['set-cookie']!.toString().includes('vs_session'),
    false,
    'the link starts no session: the password is still needed',
  );
  assert.equal(
    (await login(victim.email, 'still-a-wrong-guess', '2001:db8:ff::1', { cookie: madeKnown! })).statusCode,
    401,
  );
  assert.equal((await login(victim.email, PASSWORD, '2001:db8:ff::1', { cookie: madeKnown! })).statusCode, 200);
  // The link works once.
  const again = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/known-browser',
    remoteAddress: '2001:db8:ff::1',
    payload: { token },
  });
  assert.equal(again.statusCode, 410);
  assert.equal(again.json().code, 'link_expired');
});

test('asking for a link answers the same for an e-mail with no account, and mails nothing', async () => {
  const nobody = uniqueEmail('nobody');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/known-browser-link',
    remoteAddress: '198.51.100.240',
    payload: { email: nobody },
  });
  assert.equal(res.statusCode, 202);
  assert.deepEqual(res.json(), { sent: true });
  await assert.rejects(knownBrowserTokenFor(t, nobody), /no known-browser link/);
});

test('an IPv6 network counts as one address: its addresses share the limits of its /64', async () => {
  const victim = await signupAdmin(t, 'One Network LLP');
  for (let g = 0; g < 5; g++)
    assert.equal((await login(victim.email, `wrong-${g}`, `2001:db8:aa:bb::${g + 1}`)).statusCode, 401);
  // A sixth address in the same /64 is the same sender: it waits.
  const sibling = await login(victim.email, 'wrong-again', '2001:db8:aa:bb:ffff:ffff:ffff:fffe');
  assert.equal(sibling.statusCode, 429, sibling.body);
  // Another /64 is not slowed by it.
  assert.equal((await login(victim.email, PASSWORD, '2001:db8:aa:bc::1')).statusCode, 200);
});
