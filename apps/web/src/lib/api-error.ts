import { TRPCClientError } from '@trpc/client';
import { ERRORS, isErrorCode, type TErrorCode } from '@ppp/contracts';

/** What a failed call tells the interface: the web app's one error type. */
export interface TApiFailure {
  /** HTTP status, or null when the request never got an answer. */
  status: number | null;
  code: TErrorCode | null;
  /** The server's user-facing message (its `detail`), when it sent one. */
  message: string | null;
  network: boolean;
  /** What a 402 carries beside its message (minutes required and remaining, renewal date). */
  details: Record<string, unknown> | null;
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
    return { status, code, message: network ? null : err.message || null, network, details: recordOf(data?.details) };
  }
  if (err instanceof TypeError) return { status: null, code: null, message: null, network: true, details: null };
  return { status: null, code: null, message: err instanceof Error ? err.message : null, network: false, details: null };
}

export function hasCode(err: unknown, code: TErrorCode): boolean {
  return toApiFailure(err).code === code;
}

/**
 * The server's message of a failed call, or the fallback. Only a detail the server chose counts: a
 * network failure's browser words and an unexpected error's placeholder ('Internal error') are not the
 * product's, so they get the screen's own wording.
 */
export function messageOf(err: unknown, fallback: string): string {
  if (!(err instanceof TRPCClientError)) return fallback;
  const failure = toApiFailure(err);
  return (!failure.network && failure.code !== 'INTERNAL' && failure.message) || fallback;
}

/** A react-query `retry`: again, at most `times` times, while the server answers one of `statuses` (still getting ready). */
export function retryWhileStatus(statuses: readonly number[], times: number) {
  return (failureCount: number, err: unknown): boolean => {
    const status = toApiFailure(err).status;
    return failureCount < times && status !== null && statuses.includes(status);
  };
}
