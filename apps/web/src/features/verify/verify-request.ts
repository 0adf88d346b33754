import { MESSAGES, type TConfirmEmailRequest } from '@ppp/contracts';
import { toApiFailure } from '../../lib/api-error.ts';

export type TVerifyState =
  { status: 'idle' } | { status: 'verifying' } | { status: 'success'; message: string } | { status: 'error'; message: string };

/**
 * The link carries token (or code) and email; it needs at least one of them (spec 002 section 5).
 * A link without an email is still sent, so the server's own validation words are what the page shows.
 */
export function verifyBodyFrom(search: URLSearchParams): TConfirmEmailRequest | null {
  const token = (search.get('token') ?? search.get('code') ?? '').trim();
  const email = (search.get('email') ?? '').trim();
  if (!token && !email) return null;
  return { email, ...(token ? { token } : {}) };
}

/** Spec 002 section 8: a network failure, else the server's message, else the default. */
export function verifyFailureState(err: unknown): TVerifyState {
  const failure = toApiFailure(err);
  if (failure.network) return { status: 'error', message: MESSAGES.verifyNetwork };
  return { status: 'error', message: failure.message || MESSAGES.verifyFailedOrExpired };
}

export const VERIFY_SUCCESS: TVerifyState = { status: 'success', message: MESSAGES.verifySuccess };
