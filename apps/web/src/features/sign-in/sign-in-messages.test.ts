import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@ppp/contracts';
import type { TApiFailure } from '../../lib/api-error.ts';
import {
  changeEmailFailureMessage,
  changeEmailProblem,
  confirmCodeFailureMessage,
  loginFailureMessage,
  normaliseCodeInput,
  registerFailureMessage,
  resendFailureMessage,
} from './sign-in-messages.ts';

const fail = (patch: Partial<TApiFailure>): TApiFailure => ({
  status: null,
  code: null,
  message: null,
  network: false,
  details: null,
  ...patch,
});

describe('login failures', () => {
  it('shows the server detail on 401, or the default', () => {
    expect(loginFailureMessage(fail({ status: 401, code: 'INVALID_CREDENTIALS', message: 'Nope.' }))).toEqual({
      kind: 'error',
      text: 'Nope.',
      toVerify: false,
    });
    expect(loginFailureMessage(fail({ status: 401 })).text).toBe(MESSAGES.invalidCredentials);
  });

  it('shows an unconfirmed email as information and switches to verify mode', () => {
    const out = loginFailureMessage(fail({ status: 401, code: 'EMAIL_NOT_CONFIRMED', message: MESSAGES.confirmEmailFirst }));
    expect(out).toEqual({ kind: 'info', text: MESSAGES.confirmEmailFirst, toVerify: true });
  });

  it('shows the server message on 429', () => {
    expect(loginFailureMessage(fail({ status: 429, code: 'RATE_LIMITED', message: 'Slow down.' })).text).toBe('Slow down.');
  });

  it('answers anything else with the unexpected-error message', () => {
    expect(loginFailureMessage(fail({ status: 500, message: 'Internal error' })).text).toBe(MESSAGES.unexpected);
    expect(loginFailureMessage(fail({ network: true })).text).toBe(MESSAGES.unexpected);
  });
});

describe('registration failures', () => {
  it('maps 400, 422 and the rest', () => {
    expect(registerFailureMessage(fail({ status: 400, message: 'Taken.' })).text).toBe('Taken.');
    expect(registerFailureMessage(fail({ status: 400 })).text).toBe(MESSAGES.userExists);
    expect(registerFailureMessage(fail({ status: 422, message: 'bad' })).text).toBe(MESSAGES.invalidFormat);
    expect(registerFailureMessage(fail({ status: 422, message: MESSAGES.termsRequired })).text).toBe(MESSAGES.termsRequired);
    expect(registerFailureMessage(fail({ status: 503 })).text).toBe(MESSAGES.registrationError);
    expect(registerFailureMessage(fail({ network: true })).text).toBe(MESSAGES.registrationError);
    expect(registerFailureMessage(fail({ status: 429, message: 'Wait.' })).text).toBe('Wait.');
  });
});

describe('verification failures', () => {
  it('maps a refused code and other failures', () => {
    expect(confirmCodeFailureMessage(fail({ status: 400, code: 'INVALID_CODE' })).text).toBe(MESSAGES.invalidCode);
    expect(confirmCodeFailureMessage(fail({ status: 500 })).text).toBe(MESSAGES.verificationFailed);
    expect(confirmCodeFailureMessage(fail({ status: 429 })).text).toBe(MESSAGES.tooManyAttempts);
    expect(resendFailureMessage(fail({ status: 429, message: 'Later.' })).text).toBe('Later.');
    expect(changeEmailFailureMessage(fail({ status: 400 })).text).toBe(MESSAGES.unableToUpdateEmail);
  });
});

describe('code and email inputs', () => {
  it('keeps digits only, six at most', () => {
    expect(normaliseCodeInput(' 12a3-45 678')).toBe('123456');
    expect(normaliseCodeInput('abc')).toBe('');
  });

  it('requires a different, non-empty email', () => {
    expect(changeEmailProblem('a@b.co', '  ')).toBe(MESSAGES.emailRequired);
    expect(changeEmailProblem('a@b.co', ' A@B.co ')).toBe(MESSAGES.newEmailMustDiffer);
    expect(changeEmailProblem('a@b.co', 'c@b.co')).toBeNull();
  });
});
