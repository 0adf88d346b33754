import { describe, expect, it } from 'vitest';
import { MESSAGES, TERMS } from '@ppp/contracts';
import { checkRegisterFields } from './register-input.ts';

const fields = { email: 'New@Example.com', password: 'long enough password', acceptTerms: true, termsVersion: TERMS.defaultVersion };

describe('the register form (issue 19)', () => {
  it('sends the ticked Terms box with the version it linked to', () => {
    expect(checkRegisterFields(fields)).toEqual({
      ok: true,
      email: 'new@example.com',
      input: { email: 'New@Example.com', password: 'long enough password', accept_terms: true, terms_version: TERMS.defaultVersion },
    });
  });

  it('stops at an unticked Terms box with the message under it, and sends nothing', () => {
    expect(checkRegisterFields({ ...fields, acceptTerms: false })).toEqual({ ok: false, errors: { accept_terms: MESSAGES.termsRequired } });
  });

  it('names every field that is wrong at once', () => {
    const check = checkRegisterFields({ email: 'nope', password: '', acceptTerms: false, termsVersion: null });
    expect(check).toEqual({
      ok: false,
      errors: { email: MESSAGES.invalidFormat, password: MESSAGES.passwordRequired, accept_terms: MESSAGES.termsRequired },
    });
  });
});
