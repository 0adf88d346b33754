import { describe, expect, it } from 'vitest';
import { classifyAddress } from '../../../src/adapters/safe-fetch/index.ts';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['169.254.169.254', 'metadata'],
    ['169.254.1.1', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.100.100.200', 'metadata'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['64:ff9b::a00:1', 'rfc6052'],
    ['2002:a00:1::', '6to4'],
    ['::10.0.0.1', 'private'],
    ['::a00:1', 'ipv4Compatible'],
    ['[::1]', 'loopback'],
    ['not-an-ip', 'invalid'],
  ])('refuses %s (%s)', (address, range) => {
    const verdict = classifyAddress(address);
    expect(verdict.allowed).toBe(false);
    expect(verdict.range).toBe(range);
  });

  it('unwraps IPv4-mapped IPv6 and applies the IPv4 rules', () => {
    expect(classifyAddress('::ffff:10.0.0.1')).toMatchObject({ allowed: false, address: '10.0.0.1', family: 4 });
    expect(classifyAddress('::ffff:a00:1')).toMatchObject({ allowed: false, address: '10.0.0.1' });
    expect(classifyAddress('::ffff:127.0.0.1')).toMatchObject({ allowed: false, range: 'loopback' });
    expect(classifyAddress('::ffff:169.254.169.254')).toMatchObject({ allowed: false, range: 'metadata' });
    expect(classifyAddress('::ffff:8.8.8.8')).toMatchObject({ allowed: true, address: '8.8.8.8', family: 4 });
  });

  it.each(['8.8.8.8', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001::200e'])(
    'allows public unicast %s',
    (address) => {
      expect(classifyAddress(address).allowed).toBe(true);
    },
  );
});
