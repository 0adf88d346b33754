import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { retryUserFetch, userFetchRetryDelay } from './user-fetch-retry.ts';

function serverError(httpStatus: number, appCode: string | null = null) {
  return new TRPCClientError('failed', { result: { error: { data: { httpStatus, appCode } } } } as never);
}

describe('userFetchRetryDelay', () => {
  it('starts at 2 s, doubles and stops growing at 60 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 12].map(userFetchRetryDelay)).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
  });
});

describe('retryUserFetch', () => {
  it('retries network and server failures however many there were', () => {
    expect(retryUserFetch(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryUserFetch(40, serverError(500))).toBe(true);
    expect(retryUserFetch(3, serverError(429))).toBe(true);
  });

  it('does not retry a 401 (the session is gone) or maintenance (its own screen)', () => {
    expect(retryUserFetch(0, serverError(401, 'UNAUTHORIZED'))).toBe(false);
    expect(retryUserFetch(0, serverError(503, 'MAINTENANCE'))).toBe(false);
  });
});

describe('the user fetch under a passing outage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stays loading through the failures and settles with the user at 2 s, then 4 s later', async () => {
    const client = new QueryClient();
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['me'],
      queryFn: async () => {
        calls += 1;
        if (calls < 3) throw serverError(502);
        return { email: 'a@example.com' };
      },
      retry: retryUserFetch,
      retryDelay: userFetchRetryDelay,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    expect(observer.getCurrentResult().status).toBe('pending');
    await vi.advanceTimersByTimeAsync(3999);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(observer.getCurrentResult().data).toEqual({ email: 'a@example.com' });
    unsubscribe();
    client.clear();
  });
});
