import { AUTH } from '@ppp/contracts';
import { toApiFailure } from './api-error.ts';

/**
 * Whether the signed-in user's fetch is tried again (spec 000 section 4): a 401 ends the session and
 * maintenance has its own screen; every other failure is retried for as long as it lasts.
 */
export function retryUserFetch(_failureCount: number, err: unknown): boolean {
  const failure = toApiFailure(err);
  return failure.status !== 401 && failure.code !== 'MAINTENANCE';
}

/** The wait before retry number `attempt` (0 first): 2 s, doubling, capped at 60 s (spec 000 section 9). */
export function userFetchRetryDelay(attempt: number): number {
  return Math.min(AUTH.userFetchBackoffStartMs * 2 ** attempt, AUTH.userFetchBackoffMaxMs);
}
