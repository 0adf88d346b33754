/**
 * Error codes of the domain, with the HTTP status the REST layer answers and the tRPC code
 * the typed API carries. One table: services throw AppError(code, message), both layers map it.
 */
export const ERRORS = {
  BAD_REQUEST: { status: 400, trpc: 'BAD_REQUEST' },
  VALIDATION: { status: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  USER_EXISTS: { status: 400, trpc: 'BAD_REQUEST' },
  INVALID_CODE: { status: 400, trpc: 'BAD_REQUEST' },
  UNAUTHORIZED: { status: 401, trpc: 'UNAUTHORIZED' },
  INVALID_CREDENTIALS: { status: 401, trpc: 'UNAUTHORIZED' },
  EMAIL_NOT_CONFIRMED: { status: 401, trpc: 'UNAUTHORIZED' },
  /** Sign-in of an account an administrator disabled: 401, so the login dialog shows the detail (spec 002 §8). */
  ACCOUNT_DISABLED: { status: 401, trpc: 'UNAUTHORIZED' },
  PAYMENT_REQUIRED: { status: 402, trpc: 'PAYMENT_REQUIRED' },
  INSUFFICIENT_MINUTES: { status: 402, trpc: 'PAYMENT_REQUIRED' },
  /** A plan feature the account's tier does not include (the body names the feature and the upgrade message). */
  FEATURE_LOCKED: { status: 402, trpc: 'PAYMENT_REQUIRED' },
  /** The plan's upload queue storage (hours of unused uploads) would be exceeded. */
  QUEUE_STORAGE_FULL: { status: 402, trpc: 'PAYMENT_REQUIRED' },
  FORBIDDEN: { status: 403, trpc: 'FORBIDDEN' },
  ACCOUNT_INACTIVE: { status: 403, trpc: 'FORBIDDEN' },
  NOT_FOUND: { status: 404, trpc: 'NOT_FOUND' },
  /** A known /api path asked with a method it does not answer (the answer's Allow names those it does). */
  METHOD_NOT_ALLOWED: { status: 405, trpc: 'METHOD_NOT_SUPPORTED' },
  CONFLICT: { status: 409, trpc: 'CONFLICT' },
  PAYLOAD_TOO_LARGE: { status: 413, trpc: 'PAYLOAD_TOO_LARGE' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, trpc: 'UNSUPPORTED_MEDIA_TYPE' },
  NOT_READY: { status: 425, trpc: 'PRECONDITION_FAILED' },
  TRANSCRIPT_NOT_READY: { status: 425, trpc: 'PRECONDITION_FAILED' },
  RATE_LIMITED: { status: 429, trpc: 'TOO_MANY_REQUESTS' },
  /** An outside service (a chat model) answered with something unusable. */
  UPSTREAM: { status: 502, trpc: 'BAD_GATEWAY' },
  INTERNAL: { status: 500, trpc: 'INTERNAL_SERVER_ERROR' },
  NOT_CONFIGURED: { status: 501, trpc: 'NOT_IMPLEMENTED' },
  MAINTENANCE: { status: 503, trpc: 'SERVICE_UNAVAILABLE' },
  /** Stripe did not answer (down, unreachable or too slow): nothing was charged; try again later (issue 35). */
  PAYMENTS_UNAVAILABLE: { status: 503, trpc: 'SERVICE_UNAVAILABLE' },
  /** Storage (or the database) cannot be reached: the health check says which (issue 35). */
  STORAGE_UNAVAILABLE: { status: 503, trpc: 'SERVICE_UNAVAILABLE' },
} as const;

export type TErrorCode = keyof typeof ERRORS;

/** The REST error body: `{ detail, code }` (FastAPI style, as the spec's clients expect). */
export interface TErrorBody {
  detail: string;
  code: TErrorCode;
}

export function isErrorCode(value: unknown): value is TErrorCode {
  return typeof value === 'string' && value in ERRORS;
}
