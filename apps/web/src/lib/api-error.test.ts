import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { ONBOARDING_MESSAGES } from '@ppp/contracts';
import { messageOf } from './api-error.ts';

function answered(message: string, data: Record<string, unknown>) {
  return TRPCClientError.from({ error: { code: -32000, message, data } });
}

describe('messageOf (issue 19: "Failed to create the podcast show." for any failure without a server detail)', () => {
  const fallback = ONBOARDING_MESSAGES.createShowFailed;

  it("keeps the server's detail", () => {
    const refused = answered('Choose a primary category for the show.', { httpStatus: 422, appCode: 'VALIDATION' });
    expect(messageOf(refused, fallback)).toBe('Choose a primary category for the show.');
  });

  it("falls back on an unexpected server error, whose 'Internal error' is no detail", () => {
    expect(messageOf(answered('Internal error', { httpStatus: 500, appCode: 'INTERNAL' }), fallback)).toBe(fallback);
  });

  it('falls back on a network failure and on anything that is not a call', () => {
    expect(messageOf(TRPCClientError.from(new TypeError('Failed to fetch')), fallback)).toBe(fallback);
    expect(messageOf(new Error('boom'), fallback)).toBe(fallback);
    expect(messageOf(answered('', { httpStatus: 502 }), fallback)).toBe(fallback);
  });
});
