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
