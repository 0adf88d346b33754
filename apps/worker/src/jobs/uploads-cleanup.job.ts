import { tusStorageFor } from '@ppp/server/domain';
import type { JobDefinition } from './job.ts';

/** Removes unfinished tus uploads past their expiry (their file and its .json, or their multipart upload in the bucket). Idempotent. */
export const uploadsCleanupJob: JobDefinition<'uploads.cleanup'> = {
  name: 'uploads.cleanup',
  retryLimit: 2,
  retryBackoff: true,
  expireInSeconds: 600,
  async handle(_payload, { services, log }) {
    const removed = await tusStorageFor(services.config).deleteExpired();
    log(`uploads.cleanup: ${removed} expired partial uploads removed`);
    return { removed };
  },
};
