import type { JobDefinition } from './job.ts';

/**
 * The plans' upload queue (spec 002 §9 'held N days'): tells each creator once, in the app and by
 * mail, that an unused upload will go, then removes it when its plan's days and the notice period are
 * over. An upload an episode uses is never touched. Safe to run twice: the notice is written under a
 * unique key and the delete re-checks that no episode uses the upload.
 */
export const uploadsQueueExpiryJob: JobDefinition<'uploads.queue-expiry'> = {
  name: 'uploads.queue-expiry',
  retryLimit: 2,
  retryBackoff: true,
  expireInSeconds: 900,
  async handle(_payload, { services, log }) {
    const result = await services.uploadQueue.sweep();
    log(`uploads.queue-expiry: ${result.noticed} notices sent, ${result.removed} unused uploads removed`);
    return result;
  },
};
