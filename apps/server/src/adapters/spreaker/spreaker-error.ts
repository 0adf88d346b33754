import { PODCAST_MESSAGES } from '@ppp/contracts';
import { AppError } from '../../domain/errors.ts';

export type SpreakerErrorKind =
  | 'unauthorized' // 401: token missing, expired or revoked; refresh or reconnect
  | 'forbidden' // 403: not the owner of that show or episode
  | 'not_found' // 404
  | 'invalid' // other 4xx: Spreaker rejected the input; the same request will fail again
  | 'rate_limited' // 429
  | 'unavailable' // 5xx or no answer: Spreaker says to retry these
  | 'bad_response'; // 2xx whose body is not what the documentation shows

/** A failed Spreaker call, with the messages Spreaker gave. */
export class SpreakerError extends Error {
  readonly kind: SpreakerErrorKind;
  readonly status: number | null;
  readonly messages: string[];

  constructor(kind: SpreakerErrorKind, status: number | null, messages: string[], cause?: unknown) {
    super(messages.length > 0 ? `Spreaker: ${messages.join('; ')}` : `Spreaker request failed (${status ?? kind})`, { cause });
    this.name = 'SpreakerError';
    this.kind = kind;
    this.status = status;
    this.messages = messages;
  }

  /** Spreaker's rule: a 5xx (or no answer) may be retried, a 4xx will always fail the same way. */
  get retryable(): boolean {
    return this.kind === 'unavailable' || this.kind === 'rate_limited';
  }

  static fromStatus(status: number, messages: string[]): SpreakerError {
    if (status === 401) return new SpreakerError('unauthorized', status, messages);
    if (status === 403) return new SpreakerError('forbidden', status, messages);
    if (status === 404) return new SpreakerError('not_found', status, messages);
    if (status === 429) return new SpreakerError('rate_limited', status, messages);
    if (status >= 500) return new SpreakerError('unavailable', status, messages);
    return new SpreakerError('invalid', status, messages);
  }
}

/** How a Spreaker failure reaches the user: the domain's AppError codes. */
export function spreakerToAppError(error: SpreakerError): AppError {
  switch (error.kind) {
    case 'unauthorized':
      return new AppError('UNAUTHORIZED', PODCAST_MESSAGES.notConnected, { spreaker: error.messages });
    case 'forbidden':
    case 'not_found':
      // "Not yours" is reported as "not found", as everywhere else in the product.
      return new AppError('NOT_FOUND', 'Not found', { spreaker: error.messages });
    case 'invalid':
      return new AppError('BAD_REQUEST', error.messages[0] ?? 'Spreaker rejected the request.', { spreaker: error.messages });
    case 'rate_limited':
      return new AppError('RATE_LIMITED', 'Spreaker is busy. Please try again in a minute.', { spreaker: error.messages });
    default:
      return new AppError('INTERNAL', 'Spreaker is not answering right now. Please try again later.', {
        spreaker: error.messages,
      });
  }
}
