import { BYTES_PER_MB, MEDIA, MULTIPART_SCRATCH, multipartScratchCapMessage } from '@ppp/contracts';
import { AppError } from '../domain/errors.ts';
import type { RequestContext } from './request-context.ts';

/**
 * The bytes each user's multipart bodies have on this process's scratch disk now (issue 14). Each
 * server counts its own: the files are on its own disk.
 */
const inFlight = new Map<string, number>();

/** One request's share of its user's scratch bytes. */
export interface ScratchBudget {
  /** Counts `bytes` more; throws the refusal (429) when the user's requests together would pass the cap. */
  take(bytes: number): void;
  /** Gives back everything this request counted; again is a no-op. */
  release(): void;
}

/** A request's budget against the user's cap of `capBytes`. */
export function scratchBudget(userId: string, capBytes: number): ScratchBudget {
  let held = 0;
  return {
    take(bytes) {
      const total = (inFlight.get(userId) ?? 0) + bytes;
      if (total > capBytes) throw new AppError('RATE_LIMITED', multipartScratchCapMessage(Math.floor(capBytes / BYTES_PER_MB)));
      inFlight.set(userId, total);
      held += bytes;
    },
    release() {
      if (held === 0) return;
      const left = (inFlight.get(userId) ?? 0) - held;
      held = 0;
      if (left > 0) inFlight.set(userId, left);
      else inFlight.delete(userId);
    },
  };
}

/** What a user's multipart bodies may hold at once: MULTIPART_SCRATCH.largestUploadsPerUser of the largest file a form may carry now. */
export async function scratchCapBytes(ctx: RequestContext): Promise<number> {
  const { max_upload_mb } = await ctx.services.settings.get();
  const largestMb = Math.max(max_upload_mb, MEDIA.libraryMaxMb, MEDIA.sfxMaxMb, MEDIA.coverMaxMb);
  return MULTIPART_SCRATCH.largestUploadsPerUser * largestMb * BYTES_PER_MB;
}

/** The signed-in caller's budget for this request (none for an anonymous one, whose body limit is the smallest). */
export async function scratchBudgetOf(ctx: RequestContext): Promise<ScratchBudget | undefined> {
  return ctx.user ? scratchBudget(ctx.user.id, await scratchCapBytes(ctx)) : undefined;
}
