import { isFinalAttempt, type JobDefinition } from './job.ts';

/**
 * rss.import: writes the episodes of an import from the feed it fetched (resumable batches, unique
 * item keys), then queues rss.mirror. A database hiccup is retried; when no retry is left the import
 * shows 'Import Failed' with the reason.
 */
export const rssImportJob: JobDefinition<'rss.import'> = {
  name: 'rss.import',
  retryLimit: 3,
  retryBackoff: true,
  retryDelay: 5,
  expireInSeconds: 60 * 60,
  // A worker killed mid-import: the job is retried within a minute and resumes after the last batch.
  heartbeatSeconds: 10,
  async handle(payload, ctx) {
    try {
      const row = await ctx.services.rssImport.runImport(payload.import_id, { signal: ctx.signal, log: ctx.log });
      return { status: row?.status ?? 'missing', imported: row?.importedCount ?? 0 };
    } catch (error) {
      if (!isFinalAttempt(ctx) || ctx.signal?.aborted) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      await ctx.services.rssImport.markFailed(payload.import_id, reason);
      ctx.log(`rss.import ${payload.import_id} failed: ${reason}`);
      return { status: 'failed' };
    }
  },
};

/** rss.mirror: copies an import's external audio, transcripts and chapters into storage, with progress. */
export const rssMirrorJob: JobDefinition<'rss.mirror'> = {
  name: 'rss.mirror',
  retryLimit: 4,
  retryBackoff: true,
  retryDelay: 30,
  // Hundreds of long episodes from a slow host take a while; a restart carries on where it stopped.
  expireInSeconds: 6 * 60 * 60,
  heartbeatSeconds: 30,
  async handle(payload, ctx) {
    const row = await ctx.services.rssImport.runMirror(payload.import_id, {
      finalAttempt: isFinalAttempt(ctx),
      signal: ctx.signal,
      log: ctx.log,
    });
    return { status: row?.status ?? 'missing', mirrored: row?.mirroredCount ?? 0, failed: row?.mirrorFailed ?? 0 };
  },
};

/** rss.mirror-cleanup (hourly): mirrored audio past its seven days is dropped unless it is served from here. */
export const rssMirrorCleanupJob: JobDefinition<'rss.mirror-cleanup'> = {
  name: 'rss.mirror-cleanup',
  retryLimit: 2,
  retryBackoff: true,
  expireInSeconds: 600,
  async handle(_payload, ctx) {
    const result = await ctx.services.rssImport.cleanupMirrors();
    ctx.log(`rss.mirror-cleanup: ${result.removed} expired copies removed, ${result.kept} kept as served audio`);
    return result;
  },
};
