import { tusStorageFor } from '@ppp/server/domain';
import type { JobDefinition } from './job.ts';

/**
 * Removes abandoned tus uploads: those that received nothing for UNFINISHED_UPLOADS.idleHours (their
 * file and its .json, or their multipart upload in the bucket, then their count), and, as a backstop,
 * any still there UNFINISHED_UPLOADS.maxAgeDays after its creation. Idempotent.
 */
export const uploadsCleanupJob: JobDefinition<'uploads.cleanup'> = {
  name: 'uploads.cleanup',
  retryLimit: 2,
  retryBackoff: true,
  expireInSeconds: 600,
  async handle(_payload, { services, log }) {
    const tus = tusStorageFor(services.config);
    const idle = await services.unfinishedUploads.removeIdle((id) => tus.abandon(id));
    const expired = await tus.deleteExpired();
    log(`uploads.cleanup: ${idle} idle and ${expired} expired partial uploads removed`);
    return { removed: idle + expired };
  },
};
