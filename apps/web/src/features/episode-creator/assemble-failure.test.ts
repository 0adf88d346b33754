import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import {
  EPISODE_CREATOR,
  EPISODE_CREATOR_MESSAGES,
  EPISODE_CREATOR_SHELL,
  MESSAGES,
  PAYMENTS_MESSAGES,
  PLAN_FEATURE_LABELS,
} from '@ppp/contracts';
import { retryWhileStatus } from '../../lib/api-error.ts';
import { assembleFailure, insufficientInfo } from './assemble-failure.ts';

/** A tRPC answer outside 2xx, as the errorFormatter shapes it. */
function refusal(httpStatus: number, message: string, data: Record<string, unknown> = {}) {
  return TRPCClientError.from({ error: { code: -32000, message, data: { httpStatus, ...data } } });
}

describe('retries while the server is getting ready', () => {
  it('intent hints: 5 times on 404, 409 and 425, never on other failures', () => {
    const retry = retryWhileStatus(EPISODE_CREATOR_SHELL.intentRetryStatuses, EPISODE_CREATOR_SHELL.intentRetryCount);
    for (const status of [404, 409, 425]) expect(retry(0, refusal(status, 'not yet'))).toBe(true);
    expect(retry(EPISODE_CREATOR_SHELL.intentRetryCount - 1, refusal(425, 'not yet'))).toBe(true);
    expect(retry(EPISODE_CREATOR_SHELL.intentRetryCount, refusal(425, 'not yet'))).toBe(false);
    expect(retry(0, refusal(500, 'down'))).toBe(false);
    expect(retry(0, new TypeError('Failed to fetch'))).toBe(false);
  });

  it('Flubber preparation: 20 times on 425 only', () => {
    const retry = retryWhileStatus(EPISODE_CREATOR_SHELL.flubberRetryStatuses, EPISODE_CREATOR.flubberPrepareRetryCount);
    expect(retry(EPISODE_CREATOR.flubberPrepareRetryCount - 1, refusal(425, 'not yet'))).toBe(true);
    expect(retry(EPISODE_CREATOR.flubberPrepareRetryCount, refusal(425, 'not yet'))).toBe(false);
    expect(retry(0, refusal(404, 'gone'))).toBe(false);
  });
});

describe('a refused assemble', () => {
  it('opens the insufficient-minutes dialog with what the 402 carries', () => {
    const err = refusal(402, 'Not enough processing minutes remain to assemble this episode.', {
      appCode: 'INSUFFICIENT_MINUTES',
      details: { minutes_required: 12, minutes_remaining: 3, renewal_date: '2026-12-01' },
    });
    expect(assembleFailure(err)).toEqual({
      kind: 'insufficient-minutes',
      info: {
        minutes_required: 12,
        minutes_remaining: 3,
        renewal_date: '2026-12-01',
        message: 'Not enough processing minutes remain to assemble this episode.',
      },
    });
    expect(insufficientInfo({})).toEqual({ minutes_required: null, minutes_remaining: null, renewal_date: null, message: null });
  });

  it("says which plan feature was refused in the server's words, not the quota message", () => {
    const message = PAYMENTS_MESSAGES.featureLocked(PLAN_FEATURE_LABELS.autopublishSpreaker);
    const err = refusal(402, message, { appCode: 'FEATURE_LOCKED', details: { feature: 'autopublishSpreaker', tier: 'free' } });
    expect(assembleFailure(err)).toEqual({ kind: 'feature-locked', message });
  });

  it('sends another 402 to the quota path', () => {
    expect(assembleFailure(refusal(402, 'Quota', { appCode: 'PAYMENT_REQUIRED' }))).toEqual({ kind: 'quota' });
  });

  it("says the server's words, else the generic error (a network failure included)", () => {
    expect(assembleFailure(refusal(422, EPISODE_CREATOR_MESSAGES.scriptRequired, { appCode: 'VALIDATION' }))).toEqual({
      kind: 'other',
      message: EPISODE_CREATOR_MESSAGES.scriptRequired,
    });
    expect(assembleFailure(new TypeError('Failed to fetch'))).toEqual({ kind: 'other', message: MESSAGES.unexpected });
    expect(assembleFailure(TRPCClientError.from(new TypeError('Failed to fetch')))).toEqual({
      kind: 'other',
      message: MESSAGES.unexpected,
    });
  });
});
