import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@ppp/contracts';
import { confirmEmailByLink, verifyBodyFrom, verifyFailureMessage } from './verify-request.ts';

describe('verifyBodyFrom', () => {
  it('reads token or code, and email', () => {
    expect(verifyBodyFrom(new URLSearchParams('token=123456&email=a%40b.co'))).toEqual({ token: '123456', email: 'a@b.co' });
    expect(verifyBodyFrom(new URLSearchParams('code=654321&email=a@b.co'))).toEqual({ token: '654321', email: 'a@b.co' });
    expect(verifyBodyFrom(new URLSearchParams('email=a@b.co'))).toEqual({ email: 'a@b.co' });
    expect(verifyBodyFrom(new URLSearchParams(''))).toBeNull();
  });
});

describe('verifyFailureMessage', () => {
  it('shows the detail, validation items with their location, or the default', () => {
    expect(verifyFailureMessage({ detail: 'Invalid or expired code.', code: 'INVALID_CODE' })).toBe('Invalid or expired code.');
    expect(verifyFailureMessage({ detail: [{ msg: 'field required', loc: ['body', 'email'] }] })).toBe('field required (body.email)');
    expect(verifyFailureMessage({ detail: 'x', errors: [{ message: 'Bad code', path: ['token'] }] })).toBe('Bad code (token)');
    expect(verifyFailureMessage({ message: 'Nope' })).toBe('Nope');
    expect(verifyFailureMessage(null)).toBe(MESSAGES.verifyFailedOrExpired);
    expect(verifyFailureMessage({})).toBe(MESSAGES.verifyFailedOrExpired);
  });
});

describe('confirmEmailByLink', () => {
  const respond = (status: number, body: unknown): typeof fetch =>
    (async () => new Response(body === undefined ? null : JSON.stringify(body), { status })) as typeof fetch;

  it('maps success, server failure and network failure', async () => {
    expect(await confirmEmailByLink({ token: '1', email: 'a@b.co' }, respond(200, { ok: true }))).toEqual({
      status: 'success',
      message: MESSAGES.verifySuccess,
    });
    expect(await confirmEmailByLink({ token: '1' }, respond(500, undefined))).toEqual({
      status: 'error',
      message: MESSAGES.verifyFailedOrExpired,
    });
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await confirmEmailByLink({ token: '1' }, offline)).toEqual({ status: 'error', message: MESSAGES.verifyNetwork });
  });
});
