import { TRPCClientError } from '@trpc/client';
import { ERRORS, isErrorCode, type TErrorCode } from '@ppp/contracts';

/** What a failed call tells the interface, whatever transport it came through. */
export interface TApiFailure {
  /** HTTP status, or null when the request never got an answer. */
  status: number | null;
  code: TErrorCode | null;
  /** The server's user-facing message (its `detail`), when it sent one. */
  message: string | null;
  network: boolean;
}

function recordOf(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

/** Normalises a tRPC client error (or anything thrown) into a TApiFailure. */
export function toApiFailure(err: unknown): TApiFailure {
  if (err instanceof TRPCClientError) {
    const data = recordOf(err.data);
    const code = isErrorCode(data?.appCode) ? data.appCode : null;
    const httpStatus = typeof data?.httpStatus === 'number' ? data.httpStatus : null;
    const status = httpStatus ?? (code ? ERRORS[code].status : null);
    const network = data === null && status === null;
    return { status, code, message: network ? null : err.message || null, network };
  }
  if (err instanceof TypeError) return { status: null, code: null, message: null, network: true };
  return { status: null, code: null, message: err instanceof Error ? err.message : null, network: false };
}

export function hasCode(err: unknown, code: TErrorCode): boolean {
  return toApiFailure(err).code === code;
}
