// The principal cache under load: TTLs jittered per entry (never longer than asked), one load per key for
// concurrent misses, refresh-ahead on a hot entry, and a load that an invalidation overtook never cached.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PrincipalCache, type Loaded } from '../../src/features/identity/principal-cache.service.js';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

test('entries live between 0.8 and 1 × the TTL, so credentials cached together expire apart', (t) => {
  t.mock.timers.enable({ apis: ['Date'], now: 1_000_000 });
  const cache = new PrincipalCache<number>(1000);
  for (let i = 0; i < 200; i++) cache.set(`k${i}`, 'firm', i);
  t.mock.timers.tick(799);
  assert.equal(cache.size, 200);
  for (let i = 0; i < 200; i++) assert.equal(cache.get(`k${i}`), i, 'all alive before 0.8 × TTL');
  t.mock.timers.tick(100);
  const alive = Array.from({ length: 200 }, (_, i) => cache.get(`k${i}`)).filter((v) => v !== undefined).length;
  assert.ok(alive > 0 && alive < 200, `some expired, some not at 0.9 × TTL (${alive} alive)`);
  t.mock.timers.tick(101);
  for (let i = 0; i < 200; i++) assert.equal(cache.get(`k${i}`), undefined, 'none outlives the TTL');
});

test('concurrent misses share one load; a failed look-up is not cached', async () => {
  const cache = new PrincipalCache<string>(5000);
  let loads = 0;
  const gate = deferred<Loaded<string> | null>();
  const load = () => {
    loads += 1;
    return gate.promise;
  };
  const answers = Promise.all(Array.from({ length: 50 }, () => cache.resolve('k', load)));
  gate.resolve({ value: 'v', firmId: 'f' });
  assert.deepEqual(new Set(await answers), new Set(['v']));
  assert.equal(loads, 1);
  assert.equal(await cache.resolve('k', load), 'v', 'then cached');
  assert.equal(loads, 1);

  assert.equal(await cache.resolve('gone', async () => null), undefined);
  assert.equal(cache.get('gone'), undefined);
});

test('a hit past half the entry life answers from the cache and reloads it once in the background', async (t) => {
  t.mock.timers.enable({ apis: ['Date'], now: 1_000_000 });
  const cache = new PrincipalCache<string>(1000);
  let loads = 0;
  const next = deferred<Loaded<string> | null>();
  cache.set('k', 'f', 'old');
  t.mock.timers.tick(10);
  assert.equal(await cache.resolve('k', async () => (loads++, next.promise)), 'old');
  assert.equal(loads, 0, 'fresh: no reload');
  t.mock.timers.tick(500);
  assert.equal(await cache.resolve('k', async () => (loads++, next.promise)), 'old', 'answered at once');
  assert.equal(await cache.resolve('k', async () => (loads++, next.promise)), 'old');
  assert.equal(loads, 1, 'one background reload');
  next.resolve({ value: 'new', firmId: 'f' });
  await next.promise;
  await new Promise((r) => setImmediate(r));
  assert.equal(cache.get('k'), 'new');
  // A background reload that finds the credential gone drops the entry (past its refresh point, before its expiry).
  t.mock.timers.tick(600);
  assert.equal(await cache.resolve('k', async () => null), 'new');
  await new Promise((r) => setImmediate(r));
  assert.equal(cache.get('k'), undefined);
});

test('a load that an invalidation overtook answers its caller but is never cached; a later miss loads again', async () => {
  const cache = new PrincipalCache<string>(5000);
  const slow = deferred<Loaded<string> | null>();
  const first = cache.resolve('k', () => slow.promise);
  cache.invalidateFirm('f'); // the revocation's NOTIFY arrives while the look-up is in flight
  let loads = 0;
  const second = cache.resolve('k', async () => (loads++, null)); // does not join the overtaken load
  slow.resolve({ value: 'stale', firmId: 'f' });
  assert.equal(await first, 'stale');
  assert.equal(await second, undefined);
  assert.equal(loads, 1);
  assert.equal(cache.get('k'), undefined, 'not cached');
});

test('the least recently used entry is dropped first, a hit on the newest entry included', () => {
  const cache = new PrincipalCache<string>(60_000, 3);
  cache.set('a', 'firm', 'A');
  cache.set('b', 'firm', 'B');
  cache.set('c', 'firm', 'C');
  assert.equal(cache.get('a'), 'A'); // order now b, c, a
  assert.equal(cache.get('a'), 'A'); // the newest already: the order stays
  cache.set('d', 'firm', 'D'); // drops b
  assert.equal(cache.get('b'), undefined);
  assert.equal(cache.get('c'), 'C'); // order a, d, c
  cache.set('e', 'firm', 'E'); // drops a
  assert.deepEqual(
    ['a', 'c', 'd', 'e'].map((k) => cache.get(k)),
    [undefined, 'C', 'D', 'E'],
  );
});
