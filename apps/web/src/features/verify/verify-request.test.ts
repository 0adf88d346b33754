import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { MESSAGES } from '@ppp/contracts';
import { verifyBodyFrom, verifyFailureState } from './verify-request.ts';

describe('verifyBodyFrom', () => {
  it('reads token or code, and email', () => {
    expect(verifyBodyFrom(new URLSearchParams('token=123456&email=a%40b.co'))).toEqual({ token: '123456', email: 'a@b.co' });
    expect(verifyBodyFrom(new URLSearchParams('code=654321&email=a@b.co'))).toEqual({ token: '654321', email: 'a@b.co' });
    expect(verifyBodyFrom(new URLSearchParams('email=a@b.co'))).toEqual({ email: 'a@b.co' });
    expect(verifyBodyFrom(new URLSearchParams('token=123456'))).toEqual({ token: '123456', email: '' });
    expect(verifyBodyFrom(new URLSearchParams(''))).toBeNull();
  });
});

describe('verifyFailureState', () => {
  const failed = (message: string, httpStatus: number, appCode: string) =>
    TRPCClientError.from({ error: { code: -32000, message, data: { httpStatus, appCode } } });

  it("shows the server's words, the default when it sent none, and the network message offline", () => {
    expect(verifyFailureState(failed('Invalid or expired code.', 400, 'INVALID_CODE'))).toEqual({
      status: 'error',
      message: 'Invalid or expired code.',
    });
    expect(verifyFailureState(failed('', 500, 'INTERNAL'))).toEqual({ status: 'error', message: MESSAGES.verifyFailedOrExpired });
    expect(verifyFailureState(TRPCClientError.from(new TypeError('Failed to fetch')))).toEqual({
      status: 'error',
      message: MESSAGES.verifyNetwork,
    });
  });
});
