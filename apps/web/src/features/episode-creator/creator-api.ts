import {
  EPISODE_CREATOR,
  MESSAGES,
  EPISODE_CREATOR_SHELL,
  ZAssembleEpisodeResponse,
  ZFlubberPrepareByFileResponse,
  ZIntentHintsResponse,
  ZInternExecuteResponse,
  ZInternPrepareByFileResponse,
  type TAssembleEpisodeRequestInput,
  type TAssembleEpisodeResponse,
  type TFlubberContext,
  type TIntentHintsResponse,
  type TInternContext,
  type TInternExecuteRequest,
  type TInternExecuteResponse,
} from '@ppp/contracts';
import { RestError, restCall } from '../../lib/rest-json.ts';

/** The wizard's REST calls that retry while the server is still getting ready (spec 000 §4 and §9). */

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withRetry<T>(
  call: () => Promise<T>,
  retryOn: readonly number[],
  times: number,
  delayMs: number,
  signal?: AbortSignal,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const retry = error instanceof RestError && retryOn.includes(error.status) && attempt < times;
      if (!retry || signal?.aborted) throw error;
      await wait(delayMs);
      if (signal?.aborted) throw error;
    }
  }
}

/** GET /api/ai/intent-hints, retried 5 times at 750 ms on 404, 409 or 425. */
export function fetchIntentHints(uploadId: string, signal?: AbortSignal): Promise<TIntentHintsResponse> {
  const call = async () => ZIntentHintsResponse.parse(await restCall('GET', `/api/ai/intent-hints?hint=${encodeURIComponent(uploadId)}`));
  return withRetry(
    call,
    EPISODE_CREATOR_SHELL.intentRetryStatuses,
    EPISODE_CREATOR_SHELL.intentRetryCount,
    EPISODE_CREATOR_SHELL.intentRetryDelayMs,
    signal,
  );
}

/** POST /api/flubber/prepare-by-file, retried 20 times at 1 s on 425. */
export async function prepareFlubber(uploadId: string, fuzzyThreshold: number, signal?: AbortSignal): Promise<TFlubberContext[]> {
  const call = async () =>
    ZFlubberPrepareByFileResponse.parse(
      await restCall('POST', '/api/flubber/prepare-by-file', {
        filename: uploadId,
        intents: { flubber: 'yes' },
        fuzzy_threshold: fuzzyThreshold,
      }),
    );
  const result = await withRetry(
    call,
    EPISODE_CREATOR_SHELL.flubberRetryStatuses,
    EPISODE_CREATOR.flubberPrepareRetryCount,
    EPISODE_CREATOR.flubberPrepareRetryDelayMs,
    signal,
  );
  return result.contexts;
}

/** POST /api/intern/prepare-by-file. */
export async function prepareIntern(uploadId: string, voiceId: string | null): Promise<TInternContext[]> {
  const body = voiceId ? { filename: uploadId, voice_id: voiceId } : { filename: uploadId };
  return ZInternPrepareByFileResponse.parse(await restCall('POST', '/api/intern/prepare-by-file', body)).contexts;
}

/** POST /api/intern/execute. */
export async function executeIntern(request: TInternExecuteRequest): Promise<TInternExecuteResponse> {
  return ZInternExecuteResponse.parse(await restCall('POST', '/api/intern/execute', request));
}

/** 'Server errors are surfaced from the error, detail or message field of the response' (spec 000 §8). */
function serverMessage(body: Record<string, unknown>): string | null {
  for (const key of ['detail', 'error', 'message'] as const) {
    const value = body[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

/** A refused assemble: its status, code and the whole body (a 402 carries minutes_required, minutes_remaining, renewal_date). */
export class AssembleRefused extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly body: Record<string, unknown>;
  constructor(status: number, body: Record<string, unknown>) {
    super(serverMessage(body) ?? MESSAGES.unexpected);
    this.name = 'AssembleRefused';
    this.status = status;
    this.code = typeof body.code === 'string' ? body.code : null;
    this.body = body;
  }
}

/** POST /api/episodes/assemble: 202 with the job, else AssembleRefused with the body kept for the dialog. */
export async function assembleEpisode(request: TAssembleEpisodeRequestInput): Promise<TAssembleEpisodeResponse> {
  try {
    return ZAssembleEpisodeResponse.parse(await restCall('POST', '/api/episodes/assemble', request));
  } catch (error) {
    throw error instanceof RestError ? new AssembleRefused(error.status, error.body) : error;
  }
}

/**
 * What an assemble the wizard has no dialog for says: the server's own words, else the generic
 * 'An unexpected error occurred. Please try again.' (a network failure included: the browser's
 * words are not the product's). 'Assembled episode required.' is publishing's, not this call's.
 */
export function assembleFailureMessage(error: unknown): string {
  return error instanceof AssembleRefused ? error.message : MESSAGES.unexpected;
}

/** What the 'Not enough processing minutes' dialog shows, from a 402 INSUFFICIENT_MINUTES body. */
export function insufficientInfo(body: Record<string, unknown>): {
  minutes_required: number | null;
  minutes_remaining: number | null;
  renewal_date: string | null;
  message: string | null;
} {
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  const message = typeof body.message === 'string' ? body.message : typeof body.detail === 'string' ? body.detail : null;
  return {
    minutes_required: num(body.minutes_required),
    minutes_remaining: num(body.minutes_remaining),
    renewal_date: typeof body.renewal_date === 'string' ? body.renewal_date : null,
    message,
  };
}
