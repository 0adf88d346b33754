import type { TConfig } from '../config.ts';
import { unsafeAllowPrivateAddresses, type PrivateAddressAllowance } from '../adapters/safe-fetch/index.ts';

// One allowance per configuration object: the guard only honours allowances it issued itself.
const allowances = new WeakMap<TConfig, PrivateAddressAllowance | undefined>();

/**
 * The private addresses an import (RSS or a music bed) may reach: only the hosts the operator listed
 * in IMPORT_ALLOW_PRIVATE_HOSTS (tests, local development), none otherwise.
 */
export function privateHostsAllowance(config: TConfig): PrivateAddressAllowance | undefined {
  if (!allowances.has(config)) {
    const hosts = config.IMPORT_ALLOW_PRIVATE_HOSTS;
    allowances.set(config, hosts.length > 0 ? unsafeAllowPrivateAddresses(hosts) : undefined);
  }
  return allowances.get(config);
}
