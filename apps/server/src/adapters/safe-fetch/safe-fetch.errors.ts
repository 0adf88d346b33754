import type { TErrorCode } from '@ppp/contracts';
import { AppError } from '../../domain/errors.ts';

export type TSafeFetchFailure =
  'INVALID_URL' | 'SCHEME_NOT_ALLOWED' | 'ADDRESS_NOT_ALLOWED' | 'DNS_FAILED' | 'TOO_MANY_REDIRECTS' | 'TIMEOUT' | 'TOO_LARGE' | 'NETWORK';

const CODES: Record<TSafeFetchFailure, TErrorCode> = {
  INVALID_URL: 'BAD_REQUEST',
  SCHEME_NOT_ALLOWED: 'BAD_REQUEST',
  ADDRESS_NOT_ALLOWED: 'BAD_REQUEST',
  DNS_FAILED: 'BAD_REQUEST',
  TOO_MANY_REDIRECTS: 'BAD_REQUEST',
  TIMEOUT: 'BAD_REQUEST',
  TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  NETWORK: 'BAD_REQUEST',
};

/**
 * Why a guarded fetch of a user-supplied URL did not happen or did not finish. `reason` is for
 * code (tests, the import job's retry decision); the message is fit to show as the reason of
 * 'Import Failed'. The resolved address stays in `detail` for logs, never in the message.
 */
export class SafeFetchError extends AppError {
  readonly reason: TSafeFetchFailure;

  constructor(reason: TSafeFetchFailure, message: string, detail?: Record<string, unknown>) {
    super(CODES[reason], message, { reason, ...detail });
    this.name = 'SafeFetchError';
    this.reason = reason;
  }
}

/** Retrying later can help with these; the others fail the same way every time. */
export function isTransientFetchFailure(error: unknown): boolean {
  return error instanceof SafeFetchError && ['DNS_FAILED', 'TIMEOUT', 'NETWORK'].includes(error.reason);
}
