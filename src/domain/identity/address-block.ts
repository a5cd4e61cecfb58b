// The unit a client address is counted in for rate limits: an IPv4 address by itself, an IPv6 address by its /64
// (one subscriber's allocation; the 2^64 addresses inside it cost an attacker nothing). An IPv4-mapped IPv6
// address counts as the IPv4 address it maps.

/** The eight 16-bit groups of an IPv6 address, or null when `address` is not one. */
function ipv6Groups(address: string): number[] | null {
  const bare = address
    .replace(/^\[|\]$/g, '')
    .split('%')[0]!
    .toLowerCase();
  if (!bare.includes(':') || !/^[0-9a-f:.]+$/.test(bare)) return null;
  const halves = bare.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const [head, tail] = [parse(halves[0]!), halves.length === 2 ? parse(halves[1]!) : []];
  const groups: number[] = [];
  for (const g of [
    ...head,
    ...(halves.length === 2 ? Array<string>(8 - head.length - tail.length).fill('0') : []),
    ...tail,
  ]) {
    if (g.includes('.')) {
      const octets = g.split('.').map(Number);
      if (octets.length !== 4 || octets.some((o) => !Number.isInteger(o) || o < 0 || o > 255)) return null;
      groups.push((octets[0]! << 8) | octets[1]!, (octets[2]! << 8) | octets[3]!);
    } else {
      if (!/^[0-9a-f]{1,4}$/.test(g)) return null;
      groups.push(parseInt(g, 16));
    }
  }
  return groups.length === 8 ? groups : null;
}

export function addressBlock(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
