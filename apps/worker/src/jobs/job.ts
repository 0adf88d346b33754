import type { TJobName, TJobPayload } from '@ppp/contracts';
import type { Services } from '@ppp/server/domain';

export interface JobContext {
  services: Services;
  log: (msg: string) => void;
  /** Which run this is: a handler records a permanent failure on its row when no retry is left. */
  attempt: { retryCount: number; retryLimit: number };
  signal?: AbortSignal;
}

export function isFinalAttempt(ctx: Pick<JobContext, 'attempt'>): boolean {
  return ctx.attempt.retryCount >= ctx.attempt.retryLimit;
}

/** One queue: its contract name, queue options, and a handler that is safe to run twice. */
export interface JobDefinition<N extends TJobName> {
  name: N;
  retryLimit: number;
  retryBackoff: boolean;
  expireInSeconds: number;
  /** Seconds before the first retry (doubled each time with retryBackoff). */
  retryDelay?: number;
  /** The longest wait between two retries with retryBackoff, in seconds. */
  retryDelayMax?: number;
  /**
   * The worker proves it is alive this often (pg-boss refreshes it while the handler runs); a job
   * whose worker died is failed and retried after this long instead of after expireInSeconds. >= 10.
   */
  heartbeatSeconds?: number;
  handle(payload: TJobPayload<N>, ctx: JobContext): Promise<unknown>;
}
