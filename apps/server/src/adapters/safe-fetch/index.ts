export {
  safeFetch,
  safeFetchStream,
  unsafeAllowPrivateAddresses,
  SAFE_FETCH_DEFAULT_MAX_REDIRECTS,
  type PrivateAddressAllowance,
  type SafeFetchOptions,
  type SafeFetchResponse,
} from './safe-fetch.ts';
export { SafeFetchError, isTransientFetchFailure, type TSafeFetchFailure } from './safe-fetch.errors.ts';
export { classifyAddress, type AddressVerdict } from './address-policy.ts';
