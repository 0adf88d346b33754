import { AppError } from '../../errors.ts';

export type TFeedParseFailure = 'EMPTY' | 'NOT_XML' | 'MALFORMED' | 'ENTITY_DECLARATIONS' | 'NOT_A_FEED' | 'TOO_DEEP';

/**
 * A feed that cannot be imported. The message is the reason shown under 'Import Failed'; the
 * parser throws before returning anything, so an import never starts from half a feed.
 */
export class FeedParseError extends AppError {
  readonly reason: TFeedParseFailure;

  constructor(reason: TFeedParseFailure, message: string, detail?: Record<string, unknown>) {
    super('VALIDATION', message, { reason, ...detail });
    this.name = 'FeedParseError';
    this.reason = reason;
  }
}
