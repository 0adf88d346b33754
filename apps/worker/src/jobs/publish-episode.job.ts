import { OUTAGE_RETRY } from '@ppp/contracts';
import { isFinalAttempt, type JobDefinition } from './job.ts';

/**
 * Publishes one episode to its show's host, or flips a schedule live at its time (queued with
 * startAfter, so it survives restarts in PostgreSQL). The runner holds the episode's advisory lock
 * and records the host episode id under a unique key, so a double click, a retry or a crash after
 * the upload leaves exactly one episode on the host. A permanent failure (the feed check, a 4xx from
 * Spreaker) is recorded as publish_error; only what a retry can fix is thrown.
 */
export const publishEpisodeJob: JobDefinition<'publish.episode'> = {
  name: 'publish.episode',
  // At least 30 minutes of retries before failing for good (issue 35).
  ...OUTAGE_RETRY,
  expireInSeconds: 30 * 60,
  // A worker that dies mid-publish is noticed within about a minute (heartbeat plus the monitor's
  // interval) instead of after the 30 minute expiry; the lock and the upload token keep the retry
  // from uploading twice.
  heartbeatSeconds: 20,
  async handle(payload, ctx) {
    const outcome = await ctx.services.publishRunner.run(payload, { final: isFinalAttempt(ctx) });
    ctx.log(`publish.episode ${payload.episode_id}${payload.go_live ? ' (go live)' : ''}: ${outcome}`);
    return { outcome };
  },
};
