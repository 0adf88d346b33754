import { ERRORS, type TErrorCode } from '@ppp/contracts';

/** The one error type of the domain: a code from contracts, a user-facing message, optional detail. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly detail: unknown;

  constructor(code: TErrorCode, message: string, detail?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.detail = detail;
  }

  /** Seconds a client should wait before trying again (a 429's or a 503's Retry-After), when the refusal knows it. */
  retryAfterSeconds: number | undefined;

  get status(): number {
    return ERRORS[this.code].status;
  }

  withRetryAfter(seconds: number): this {
    this.retryAfterSeconds = Math.max(1, Math.ceil(seconds));
    return this;
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);

/** What a lookup found, or a 404 with the message when it found nothing. */
export function orNotFound<T>(value: T | null | undefined, message: string): T {
  if (value === null || value === undefined) throw new AppError('NOT_FOUND', message);
  return value;
}
