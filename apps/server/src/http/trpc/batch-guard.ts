import { TRPCError } from '@trpc/server';
import { MESSAGES, TRPC_BATCH } from '@ppp/contracts';
import { AppError } from '../../domain/errors.ts';

/**
 * Refuses a batch before any of its calls runs: more than a few calls, or a sign-in procedure
 * among others (a batch's calls run at once, so one request could race the sign-in limits).
 */
export function assertBatchAllowed(paths: readonly string[]): void {
  if (paths.length <= 1) return;
  const refusal =
    paths.length > TRPC_BATCH.maxCalls
      ? MESSAGES.batchTooLarge
      : paths.some((path) => path.startsWith(TRPC_BATCH.unbatchedPrefix))
        ? MESSAGES.authNotBatched
        : null;
  if (refusal) throw new TRPCError({ code: 'BAD_REQUEST', message: refusal, cause: new AppError('BAD_REQUEST', refusal) });
}
