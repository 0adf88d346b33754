import { withAdvisoryLock } from '../../db/advisory-lock.ts';

/** Advisory-lock namespace of publish work (the first key of the two-key form). */
const NAMESPACE = 727006;

export class EpisodeBusyError extends Error {
  constructor() {
    super('This episode is being published right now. Try again in a moment.');
    this.name = 'EpisodeBusyError';
  }
}

/**
 * Runs `work` while holding the episode's publish lock (withAdvisoryLock). Every publish, unpublish
 * and republish of an episode goes through it, so a double click, a retry racing the first attempt
 * or two workers never act on the host at once; the upload token keeps a rerun whose connection
 * dropped from uploading twice.
 */
export async function withEpisodeLock<T>(
  connectionString: string,
  episodeId: string,
  work: () => Promise<T>,
  timeoutMs = 120_000,
): Promise<T> {
  const got = await withAdvisoryLock(connectionString, NAMESPACE, episodeId, work, timeoutMs);
  if (!got.locked) throw new EpisodeBusyError();
  return got.value;
}
