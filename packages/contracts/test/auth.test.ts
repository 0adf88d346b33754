import { describe, expect, it } from 'vitest';
import {
  AUTH,
  MESSAGES,
  ZChangePasswordRequest,
  ZConfirmEmailRequest,
  ZEmail,
  ZLoginRequest,
  ZNameForm,
  ZRegisterRequest,
  ZUpdatePendingEmailRequest,
  safeReturnPath,
} from '../src/index.ts';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('ZEmail', () => {
  it('trims and lower-cases a valid address', () => {
    expect(ZEmail.parse('  Alice@Example.COM ')).toBe('alice@example.com');
  });

  it.each([
    ['', MESSAGES.emailRequired],
    ['   ', MESSAGES.emailRequired],
    ['not-an-email', MESSAGES.invalidFormat],
    ['a@b', MESSAGES.invalidFormat],
    [`${'a'.repeat(250)}@example.com`, MESSAGES.invalidFormat],
  ])('refuses %j with the spec wording', (value, message) => {
    expect(firstMessage(ZEmail.safeParse(value))).toBe(message);
  });

  it('says the email is required when it is missing altogether', () => {
    expect(firstMessage(ZEmail.safeParse(undefined))).toBe(MESSAGES.emailRequired);
  });
});

describe('ZRegisterRequest', () => {
  it('accepts the documented body with the Terms box ticked', () => {
    expect(ZRegisterRequest.parse({ email: 'New@Example.com', password: 'long enough', accept_terms: true })).toEqual({
      email: 'new@example.com',
      password: 'long enough',
      accept_terms: true,
    });
  });

  it.each([[{ accept_terms: false }], [{}]])('refuses %j: the Terms box must be ticked (issue 19)', (terms) => {
    const result = ZRegisterRequest.safeParse({ email: 'a@example.com', password: 'long enough', ...terms });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['accept_terms', MESSAGES.termsRequired]]);
  });

  it('refuses a malformed email with "Invalid email or password format."', () => {
    const result = ZRegisterRequest.safeParse({ email: 'nope', password: 'long enough' });
    expect(firstMessage(result)).toBe('Invalid email or password format.');
  });

  it('refuses a missing password with "Password is required."', () => {
    expect(firstMessage(ZRegisterRequest.safeParse({ email: 'a@example.com', password: '' }))).toBe('Password is required.');
  });

  it(`needs at least ${AUTH.passwordMinLength} characters for a new password`, () => {
    const short = ZRegisterRequest.safeParse({ email: 'a@example.com', password: 'x'.repeat(AUTH.passwordMinLength - 1) });
    expect(firstMessage(short)).toBe(`Password must be at least ${AUTH.passwordMinLength} characters.`);
    expect(
      ZRegisterRequest.safeParse({ email: 'a@example.com', password: 'x'.repeat(AUTH.passwordMinLength), accept_terms: true }).success,
    ).toBe(true);
  });

  it('refuses passwords longer than the limit', () => {
    const long = ZRegisterRequest.safeParse({ email: 'a@example.com', password: 'x'.repeat(AUTH.passwordMaxLength + 1) });
    expect(long.success).toBe(false);
  });
});

describe('sign-in and verification bodies', () => {
  it('login takes the email as username and does not apply the new-password length rule', () => {
    expect(ZLoginRequest.parse({ username: ' Bob@Example.com', password: 'x' })).toEqual({
      username: 'bob@example.com',
      password: 'x',
    });
    expect(firstMessage(ZLoginRequest.safeParse({ username: 'bob@example.com', password: '' }))).toBe(MESSAGES.passwordRequired);
  });

  it('confirm-email takes {email, code} or {token, email}, digits only, exactly 6', () => {
    expect(ZConfirmEmailRequest.safeParse({ email: 'a@example.com', code: '123456' }).success).toBe(true);
    expect(ZConfirmEmailRequest.safeParse({ email: 'a@example.com', token: ' 654321 ' }).success).toBe(true);
    for (const code of ['12345', '1234567', '12a456', '']) {
      expect(firstMessage(ZConfirmEmailRequest.safeParse({ email: 'a@example.com', code }))).toBe(MESSAGES.invalidCode);
    }
  });

  it('confirm-email without a code or token asks for the link from the email', () => {
    expect(firstMessage(ZConfirmEmailRequest.safeParse({ email: 'a@example.com' }))).toBe(
      'Missing verification token. Please open the link from your email.',
    );
  });

  it('a pending email change must differ from the current one', () => {
    const same = ZUpdatePendingEmailRequest.safeParse({ old_email: 'a@example.com', new_email: 'A@example.com ' });
    expect(firstMessage(same)).toBe(MESSAGES.unableToUpdateEmail);
    expect(ZUpdatePendingEmailRequest.safeParse({ old_email: 'a@example.com', new_email: 'b@example.com' }).success).toBe(true);
  });

  it('a changed password follows the new-password rule', () => {
    expect(ZChangePasswordRequest.safeParse({ current_password: 'x', new_password: 'short' }).success).toBe(false);
    expect(ZChangePasswordRequest.safeParse({ current_password: 'x', new_password: 'long enough' }).success).toBe(true);
  });

  it('the settings name form requires a first name', () => {
    expect(firstMessage(ZNameForm.safeParse({ first_name: '  ', last_name: '' }))).toBe('First name is required');
    expect(ZNameForm.parse({ first_name: ' Ada ', last_name: '' })).toEqual({ first_name: 'Ada', last_name: '' });
  });
});

describe('safeReturnPath', () => {
  it.each(['/', '/dashboard', '/verify?email=a%40b.c', '/a/b#section'])('keeps the same-origin path %j', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    ['//evil.com', 'protocol-relative URL'],
    ['//evil.com/dashboard', 'protocol-relative URL with a path'],
    ['/\\evil.com', 'backslash trick browsers read as //'],
    ['https://x', 'absolute URL'],
    ['javascript:alert(1)', 'script URL'],
    ['dashboard', 'relative path'],
    ['/ok\nLocation: https://evil.com', 'header injection'],
    ['/tab\there', 'control character'],
    ['/nul\u0000', 'NUL'],
  ])('refuses %j (%s) and falls back to /', (value) => {
    expect(safeReturnPath(value)).toBe('/');
  });

  it('falls back to / when nothing is given', () => {
    expect(safeReturnPath(undefined)).toBe('/');
    expect(safeReturnPath(null)).toBe('/');
    expect(safeReturnPath('')).toBe('/');
  });
});
