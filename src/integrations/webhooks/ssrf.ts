// SSRF guard for outbound webhooks (docs/webhooks.md): customer-supplied URLs must not reach our own network.
import { promises as dns, type LookupAddress } from 'node:dns';
import { isIPv4, isIPv6, type LookupFunction } from 'node:net';
import { AppError } from '../../lib/errors.js';

/** Same shape as dns.promises.lookup(host, {all: true}); injected by tests. */
export type HostLookup = (hostname: string, options: { all: true }) => Promise<LookupAddress[]>;

export interface UrlCheckOptions {
  /** Allows http:// and private/loopback addresses (configuration WEBHOOK_ALLOW_PRIVATE_URLS; tests). */
  allowPrivate: boolean;
  /** Outside production, a refusal says how an operator allows local receivers (not told to production clients). */
  explainOverride?: boolean;
  lookup?: HostLookup;
}

export interface CheckedUrl {
  url: URL;
  /** The addresses that passed the check; connect only to these (see pinnedLookup). */
  addresses: LookupAddress[];
}

const notAllowed = (detail: string) => new AppError('webhook_url_not_allowed', detail);

/**
 * Parses and checks a webhook URL, resolving its host. Refuses when ANY resolved address is
 * non-public: an attacker controlling DNS could otherwise return one public and one private answer.
 */
export async function assertPublicUrl(url: string, options: UrlCheckOptions): Promise<CheckedUrl> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw notAllowed('The webhook URL is not a valid absolute URL');
  }
  const override = options.explainOverride
    ? '. For a receiver on your own machine or network during development, start the service with WEBHOOK_ALLOW_PRIVATE_URLS=true (never in production)'
    : '';
  const schemes = options.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(parsed.protocol)) {
    const canAllow = parsed.protocol === 'http:' ? override : '';
    throw notAllowed(
      `The webhook URL must use ${options.allowPrivate ? 'http or https' : 'https'}, not ${parsed.protocol.replace(':', '')}${canAllow}`,
    );
  }
  if (!parsed.hostname) throw notAllowed('The webhook URL has no host');

  // WHATWG URL already normalises odd IPv4 spellings (2130706433, 0x7f.1) to dotted quads; IPv6 comes bracketed.
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: LookupAddress[];
  if (isIPv4(host)) addresses = [{ address: host, family: 4 }];
  else if (isIPv6(host)) addresses = [{ address: host, family: 6 }];
  else {
    try {
      addresses = await (options.lookup ?? (dns.lookup as HostLookup))(host, { all: true });
    } catch (err) {
      const code = (err as { code?: string }).code ?? 'lookup failed';
      throw notAllowed(`The webhook host ${host} does not resolve (${code})`);
    }
    if (addresses.length === 0) throw notAllowed(`The webhook host ${host} does not resolve`);
  }

  if (!options.allowPrivate) {
    for (const { address } of addresses) {
      const reason = nonPublicReason(address);
      if (reason) {
        const via = address === host ? '' : ` (${host} resolves to ${address})`;
        throw notAllowed(
          `The webhook URL points to a ${reason} address${via}; only public addresses are allowed${override}`,
        );
      }
    }
  }
  return { url: parsed, addresses };
}

/**
 * A lookup for node:http(s) `request({ lookup })` that answers only with the addresses already checked,
 * so DNS cannot change between the check and the connect (rebinding).
 */
export function pinnedLookup(addresses: LookupAddress[]): LookupFunction {
  if (addresses.length === 0) throw new RangeError('pinnedLookup needs at least one address');
  return ((_hostname: string, options: unknown, callback?: unknown) => {
    // Node calls lookup(host, options, cb); older call sites pass (host, cb).
    const cb = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
    const opts = (typeof options === 'object' && options !== null ? options : {}) as { all?: boolean; family?: number };
    const wanted =
      opts.family === 4 || opts.family === 6 ? addresses.filter((a) => a.family === opts.family) : addresses;
    const list = wanted.length > 0 ? wanted : addresses;
    // Node 20 uses autoSelectFamily (happy eyeballs), which asks for all addresses.
    process.nextTick(() => (opts.all ? cb(null, list) : cb(null, list[0].address, list[0].family)));
  }) as LookupFunction;
}

/** Why an address is not public (e.g. 'loopback'), or null when it is. Exported for tests and other callers. */
export function nonPublicReason(address: string): string | null {
  const ip = address.replace(/%.*$/, ''); // drop an IPv6 zone id (fe80::1%eth0)
  if (isIPv4(ip)) return ipv4Reason(ip.split('.').map(Number));
  if (isIPv6(ip)) return ipv6Reason(parseIPv6(ip));
  return 'unparseable';
}

function ipv4Reason([a, b, c]: number[]): string | null {
  if (a === 0) return 'unspecified'; // 0.0.0.0/8 "this network"; 0.0.0.0 reaches localhost on Linux
  if (a === 10) return 'private';
  if (a === 100 && b >= 64 && b <= 127) return 'carrier-grade NAT';
  if (a === 127) return 'loopback';
  if (a === 169 && b === 254) return 'link-local'; // includes cloud metadata 169.254.169.254
  if (a === 172 && b >= 16 && b <= 31) return 'private';
  if (a === 192 && b === 0 && c === 0) return 'reserved'; // IETF protocol assignments
  if (a === 192 && b === 0 && c === 2) return 'documentation';
  if (a === 192 && b === 168) return 'private';
  if (a === 198 && (b === 18 || b === 19)) return 'benchmarking';
  if (a === 198 && b === 51 && c === 100) return 'documentation';
  if (a === 203 && b === 0 && c === 113) return 'documentation';
  if (a >= 224 && a <= 239) return 'multicast';
  if (a === 255 && b === 255) return 'broadcast';
  if (a >= 240) return 'reserved';
  return null;
}

function ipv6Reason(w: number[]): string | null {
  const zeroUpTo = (n: number) => w.slice(0, n).every((x) => x === 0);
  const embeddedV4 = () => [w[6] >> 8, w[6] & 0xff, w[7] >> 8, w[7] & 0xff];
  if (zeroUpTo(8)) return 'unspecified';
  if (zeroUpTo(7) && w[7] === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (deprecated compatible) reach the IPv4 address they embed.
  if (zeroUpTo(5) && (w[5] === 0xffff || w[5] === 0)) return ipv4Reason(embeddedV4());
  // ::ffff:0:a.b.c.d (IPv4-translated, RFC 2765) reaches the IPv4 address it embeds too.
  if (zeroUpTo(4) && w[4] === 0xffff && w[5] === 0) return ipv4Reason(embeddedV4());
  // NAT64 (64:ff9b::/96) translates to the embedded IPv4 address.
  if (w[0] === 0x64 && w[1] === 0xff9b && w.slice(2, 6).every((x) => x === 0)) return ipv4Reason(embeddedV4());
  // Local-use NAT64 (64:ff9b:1::/48, RFC 8215) is a network's own translator, never a public receiver,
  // whatever position its prefix length puts the IPv4 address in.
  if (w[0] === 0x64 && w[1] === 0xff9b && w[2] === 1) return 'local-use NAT64';
  // Teredo (2001::/32): the server's IPv4 in bits 32–63 and the client's, inverted, in the last 32 bits.
  if (w[0] === 0x2001 && w[1] === 0) {
    const inverted = [(~w[6] >> 8) & 0xff, ~w[6] & 0xff, (~w[7] >> 8) & 0xff, ~w[7] & 0xff];
    return ipv4Reason([w[2] >> 8, w[2] & 0xff, w[3] >> 8, w[3] & 0xff]) ?? ipv4Reason(inverted);
  }
  // 6to4 (2002::/16) tunnels to the IPv4 address in bits 16–47.
  if (w[0] === 0x2002) return ipv4Reason([w[1] >> 8, w[1] & 0xff, w[2] >> 8, w[2] & 0xff]);
  if ((w[0] & 0xfe00) === 0xfc00) return 'private'; // fc00::/7 unique local
  if ((w[0] & 0xffc0) === 0xfe80) return 'link-local'; // fe80::/10
  if ((w[0] & 0xffc0) === 0xfec0) return 'site-local'; // fec0::/10, deprecated but still private
  if ((w[0] & 0xff00) === 0xff00) return 'multicast'; // ff00::/8
  if (w[0] === 0x2001 && w[1] === 0x0db8) return 'documentation';
  if (w[0] === 0x0100 && w[1] === 0 && w[2] === 0 && w[3] === 0) return 'discard-only';
  return null;
}

/** Eight 16-bit words of an address that net.isIPv6 accepted (handles '::' and a dotted IPv4 tail). */
function parseIPv6(ip: string): number[] {
  let text = ip.toLowerCase();
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number);
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const fill = rest === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((h) => parseInt(h, 16));
}
