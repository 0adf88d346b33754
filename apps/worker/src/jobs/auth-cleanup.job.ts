import type { JobDefinition } from './job.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Deletes expired sessions, spent verification codes and stale rate-limit windows. Idempotent. */
export const authCleanupJob: JobDefinition<'auth.cleanup'> = {
  name: 'auth.cleanup',
  retryLimit: 3,
  retryBackoff: true,
  expireInSeconds: 300,
  async handle(_payload, { services, log }) {
    const sessions = await services.sessions.deleteExpired();
    const codes = await services.verification.deleteExpired();
    await services.limits.deleteStale(DAY_MS);
    log(`auth.cleanup: ${sessions} sessions, ${codes} codes removed`);
    return { sessions, codes };
  },
};
