import { MESSAGES } from '@ppp/contracts';
import type { TApiFailure } from '../../lib/api-error.ts';

/** A message the dialog shows: errors in red; information (confirm your email, code sent) in blue. */
export interface TDialogMessage {
  kind: 'error' | 'info';
  text: string;
}

export interface TLoginOutcome extends TDialogMessage {
  /** The account still needs its email confirmed: the dialog switches to verify mode. */
  toVerify: boolean;
}

function rateLimited(f: TApiFailure): TDialogMessage | null {
  return f.status === 429 ? { kind: 'error', text: f.message ?? MESSAGES.tooManyAttempts } : null;
}

/** Spec 002 section 8, login: 401 shows the server detail or the default; anything else is unexpected. */
export function loginFailureMessage(f: TApiFailure): TLoginOutcome {
  const limited = rateLimited(f);
  if (limited) return { ...limited, toVerify: false };
  if (f.code === 'EMAIL_NOT_CONFIRMED') {
    return { kind: 'info', text: f.message ?? MESSAGES.confirmEmailFirst, toVerify: true };
  }
  if (f.status === 401) return { kind: 'error', text: f.message ?? MESSAGES.invalidCredentials, toVerify: false };
  return { kind: 'error', text: MESSAGES.unexpected, toVerify: false };
}

/** Registration: 400 detail or 'already exists'; 422 format; anything else a generic error. */
export function registerFailureMessage(f: TApiFailure): TDialogMessage {
  const limited = rateLimited(f);
  if (limited) return limited;
  if (f.status === 400) return { kind: 'error', text: f.message ?? MESSAGES.userExists };
  if (f.status === 422) return { kind: 'error', text: f.message === MESSAGES.termsRequired ? f.message : MESSAGES.invalidFormat };
  return { kind: 'error', text: MESSAGES.registrationError };
}

/** The 6-digit code: a refused code is 'Invalid or expired code.'; anything else 'Verification failed.'. */
export function confirmCodeFailureMessage(f: TApiFailure): TDialogMessage {
  const limited = rateLimited(f);
  if (limited) return limited;
  if (f.code === 'INVALID_CODE' || f.status === 400 || f.status === 422) {
    return { kind: 'error', text: MESSAGES.invalidCode };
  }
  return { kind: 'error', text: MESSAGES.verificationFailed };
}

export function resendFailureMessage(f: TApiFailure): TDialogMessage {
  return rateLimited(f) ?? { kind: 'error', text: MESSAGES.unexpected };
}

export function changeEmailFailureMessage(f: TApiFailure): TDialogMessage {
  return rateLimited(f) ?? { kind: 'error', text: MESSAGES.unableToUpdateEmail };
}

/** Digits only, at most six: what the code field keeps of what was typed or pasted. */
export function normaliseCodeInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 6);
}

/** Change email must differ from the current address and be non-empty (spec 002 section 5). */
export function changeEmailProblem(current: string, next: string): string | null {
  const trimmed = next.trim().toLowerCase();
  if (!trimmed) return MESSAGES.emailRequired;
  if (trimmed === current.trim().toLowerCase()) return MESSAGES.newEmailMustDiffer;
  return null;
}
