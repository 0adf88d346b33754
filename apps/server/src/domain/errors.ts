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

  get status(): number {
    return ERRORS[this.code].status;
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);

/** What a lookup found, or a 404 with the message when it found nothing. */
export function orNotFound<T>(value: T | null | undefined, message: string): T {
  if (value === null || value === undefined) throw new AppError('NOT_FOUND', message);
  return value;
}
