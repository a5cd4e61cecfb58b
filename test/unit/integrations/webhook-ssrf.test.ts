import type { LookupAddress } from 'node:dns';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '../../../src/lib/errors.js';
import {
  assertPublicUrl,
  nonPublicReason,
  pinnedLookup,
  type HostLookup,
} from '../../../src/integrations/webhooks/ssrf.js';

const resolvesTo =
  (...addresses: string[]): HostLookup =>
  async () =>
    addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));

const refused = (e: unknown) => e instanceof AppError && e.status === 400 && e.code === 'webhook_url_not_allowed';

describe('nonPublicReason', () => {
  it('flags every non-public IPv4 range', () => {
    const cases: [string, string][] = [
      ['127.0.0.1', 'loopback'],
      ['127.255.255.254', 'loopback'],
      ['10.1.2.3', 'private'],
      ['172.16.0.1', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.1', 'private'],
      ['100.64.0.1', 'carrier-grade NAT'],
      ['100.127.255.255', 'carrier-grade NAT'],
      ['169.254.169.254', 'link-local'],
      ['224.0.0.1', 'multicast'],
      ['239.255.255.250', 'multicast'],
      ['0.0.0.0', 'unspecified'],
      ['255.255.255.255', 'broadcast'],
      ['240.0.0.1', 'reserved'],
    ];
    for (const [ip, reason] of cases) assert.equal(nonPublicReason(ip), reason, ip);
  });

  it('passes public IPv4 addresses, including the neighbours of private ranges', () => {
    for (const ip of [
      '8.8.8.8',
      '93.184.215.14',
      '172.15.255.255',
      '172.32.0.1',
      '100.63.255.255',
      '100.128.0.1',
      '169.253.1.1',
      '11.0.0.1',
      '223.255.255.255',
    ]) {
      assert.equal(nonPublicReason(ip), null, ip);
    }
  });

  it('flags non-public IPv6, and IPv4-mapped forms of non-public IPv4', () => {
    const cases: [string, string][] = [
      ['::1', 'loopback'],
      ['::', 'unspecified'],
      ['fc00::1', 'private'],
      ['fd12:3456::1', 'private'],
      ['fe80::1', 'link-local'],
      ['fe80::1%eth0', 'link-local'],
      ['febf::1', 'link-local'],
      ['ff02::1', 'multicast'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['::ffff:169.254.169.254', 'link-local'],
      ['::ffff:10.0.0.1', 'private'],
      ['::127.0.0.1', 'loopback'],
      ['64:ff9b::a9fe:a9fe', 'link-local'],
      ['2002:c0a8:0101::1', 'private'],
      ['0:0:0:0:0:0:0:1', 'loopback'],
      // IPv4-translated and local-use NAT64 spellings of loopback; Teredo with a loopback client (inverted).
      ['::ffff:0:7f00:1', 'loopback'],
      ['::ffff:0:127.0.0.1', 'loopback'],
      ['64:ff9b:1::7f00:1', 'local-use NAT64'],
      ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'],
      ['2001:0:a00:1::1', 'private'],
    ];
    for (const [ip, reason] of cases) assert.equal(nonPublicReason(ip), reason, ip);
    for (const ip of [
      '2606:4700:4700::1111',
      '2a00:1450:4001:82a::200e',
      '::ffff:8.8.8.8',
      '2002:0808:0808::1',
      '::ffff:0:808:808',
      '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
    ]) {
      assert.equal(nonPublicReason(ip), null, ip);
    }
  });
});

describe('assertPublicUrl', () => {
  it('refuses the IPv6 spellings of loopback that once passed', async () => {
    for (const url of ['https://[::ffff:0:7f00:1]/hook', 'https://[64:ff9b:1::7f00:1]/hook']) {
      await assert.rejects(
        assertPublicUrl(url, { allowPrivate: false }),
        (e: unknown) => e instanceof AppError && e.code === 'webhook_url_not_allowed',
        url,
      );
    }
  });

  it('accepts an https URL whose host resolves only to public addresses, and returns them', async () => {
    const r = await assertPublicUrl('https://hooks.example.com/in', {
      allowPrivate: false,
      lookup: resolvesTo('93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'),
    });
    assert.equal(r.url.hostname, 'hooks.example.com');
    assert.deepEqual(
      r.addresses.map((a) => a.address),
      ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    );
  });

  it('refuses http unless private URLs are allowed, and other schemes always', async () => {
    await assert.rejects(
      assertPublicUrl('http://hooks.example.com/', { allowPrivate: false, lookup: resolvesTo('8.8.8.8') }),
      refused,
    );
    // In production the refusal does not tell clients about server configuration; in development it does.
    await assert.rejects(
      assertPublicUrl('http://hooks.example.com/', { allowPrivate: false, lookup: resolvesTo('8.8.8.8') }),
      (e: AppError) => !e.message.includes('WEBHOOK_ALLOW_PRIVATE_URLS'),
    );
    await assert.rejects(
      assertPublicUrl('http://hooks.example.com/', {
        allowPrivate: false,
        explainOverride: true,
        lookup: resolvesTo('8.8.8.8'),
      }),
      (e: AppError) => /must use https, not http\. .*WEBHOOK_ALLOW_PRIVATE_URLS=true/.test(e.message),
    );
    await assertPublicUrl('http://hooks.example.com/', { allowPrivate: true, lookup: resolvesTo('8.8.8.8') });
    for (const url of ['ftp://hooks.example.com/', 'file:///etc/passwd', 'gopher://x/', 'not a url', '/relative']) {
      await assert.rejects(assertPublicUrl(url, { allowPrivate: true, lookup: resolvesTo('8.8.8.8') }), refused, url);
    }
  });

  it('refuses a host when ANY of its addresses is private', async () => {
    await assert.rejects(
      assertPublicUrl('https://mixed.example/', { allowPrivate: false, lookup: resolvesTo('8.8.8.8', '10.0.0.5') }),
      (e: unknown) =>
        refused(e) && /private address \(mixed\.example resolves to 10\.0\.0\.5\)/.test((e as Error).message),
    );
  });

  it('refuses literal private IPs in any spelling, without a DNS lookup', async () => {
    const noDns: HostLookup = async () => assert.fail('literal IPs must not be looked up');
    for (const url of [
      'https://127.0.0.1/',
      'https://2130706433/',
      'https://0x7f.1/',
      'https://[::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://169.254.169.254/latest/meta-data',
      'https://[fe80::1]/',
      'https://0.0.0.0/',
      'https://192.168.0.10:8443/x',
    ]) {
      await assert.rejects(assertPublicUrl(url, { allowPrivate: false, lookup: noDns }), refused, url);
    }
    await assertPublicUrl('https://8.8.8.8/', { allowPrivate: false, lookup: noDns });
  });

  it('refuses localhost through resolution and accepts it when private URLs are allowed', async () => {
    await assert.rejects(
      assertPublicUrl('https://localhost/', { allowPrivate: false, lookup: resolvesTo('127.0.0.1', '::1') }),
      refused,
    );
    const ok = await assertPublicUrl('http://localhost:8080/', { allowPrivate: true, lookup: resolvesTo('127.0.0.1') });
    assert.equal(ok.addresses[0].address, '127.0.0.1');
  });

  it('refuses hosts that do not resolve', async () => {
    const nx: HostLookup = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    await assert.rejects(
      assertPublicUrl('https://nowhere.invalid/', { allowPrivate: false, lookup: nx }),
      (e: unknown) => refused(e) && /does not resolve \(ENOTFOUND\)/.test((e as Error).message),
    );
    await assert.rejects(
      assertPublicUrl('https://empty.test/', { allowPrivate: false, lookup: resolvesTo() }),
      refused,
    );
  });
});

describe('pinnedLookup', () => {
  const addrs: LookupAddress[] = [
    { address: '93.184.215.14', family: 4 },
    { address: '2606:2800::1', family: 6 },
  ];
  const call = (opts: object) =>
    new Promise<unknown[]>((resolve) => {
      (pinnedLookup(addrs) as unknown as (h: string, o: object, cb: (...a: unknown[]) => void) => void)(
        'any.host',
        opts,
        (...a) => resolve(a),
      );
    });

  it('answers with the checked addresses whatever host is asked', async () => {
    assert.deepEqual(await call({}), [null, '93.184.215.14', 4]);
    assert.deepEqual(await call({ family: 6 }), [null, '2606:2800::1', 6]);
    assert.deepEqual(await call({ all: true }), [null, addrs]);
  });
});
