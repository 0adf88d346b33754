import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which resolved addresses a user-supplied URL may reach. Only ordinary public unicast is
 * allowed: everything ipaddr.js files under a special range (loopback, private, link-local,
 * carrier-grade NAT, unspecified, multicast, unique-local, NAT64, 6to4, Teredo, reserved...)
 * is refused, because a feed URL typed by a user must never reach this machine, its network
 * or a cloud metadata service.
 */

/** Cloud metadata endpoints, named so a refusal says why even though their ranges cover them. */
const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254', '100.100.100.200']);

export interface AddressVerdict {
  allowed: boolean;
  /** The address as it will be dialled: IPv4-mapped IPv6 is unwrapped to IPv4. */
  address: string;
  family: 4 | 6;
  /** ipaddr.js range name, or 'metadata' / 'ipv4Compatible' / 'invalid'. */
  range: string;
}

export function classifyAddress(raw: string): AddressVerdict {
  const bare = raw.startsWith('[') && raw.endsWith(']') ? raw.slice(1, -1) : raw;
  // Zone ids (fe80::1%eth0) only exist for link-local, which is refused anyway.
  const unzoned = bare.split('%')[0] ?? bare;
  if (net.isIP(unzoned) === 0) return { allowed: false, address: unzoned, family: 4, range: 'invalid' };
  // process() unwraps ::ffff:a.b.c.d so the IPv4 rules apply to the address really dialled.
  const parsed = ipaddr.process(unzoned);
  const address = parsed.toString();
  const family = parsed.kind() === 'ipv4' ? 4 : 6;
  if (METADATA_ADDRESSES.has(address)) return { allowed: false, address, family, range: 'metadata' };
  const range = parsed.range();
  if (range === 'unicast' && parsed.kind() === 'ipv6') {
    const parts = (parsed as ipaddr.IPv6).parts;
    // Deprecated IPv4-compatible form (::a.b.c.d) carries an IPv4 address that ipaddr.js calls unicast.
    if (parts.slice(0, 6).every((p) => p === 0)) return { allowed: false, address, family, range: 'ipv4Compatible' };
  }
  return { allowed: range === 'unicast', address, family, range };
}
