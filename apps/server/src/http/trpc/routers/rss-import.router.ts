import { z } from 'zod';
import {
  ZImportedEpisode,
  ZRecoverFromSpreakerResult,
  ZRssImportIdInput,
  ZRssImportRequest,
  ZRssImportResult,
  ZRssPreview,
  ZRssPreviewRequest,
} from '@ppp/contracts';
import { activeProcedure, router } from '../init.ts';

const ZPodcastId = z.object({ podcast_id: z.uuid() });

/** The Import from RSS page and onboarding's import path: the same service as /api/import/rss. */
export const rssImportRouter = router({
  preview: activeProcedure
    .input(ZRssPreviewRequest)
    .output(ZRssPreview)
    .mutation(({ ctx, input }) => ctx.services.rssImport.preview(ctx.user, input)),
  start: activeProcedure
    .input(ZRssImportRequest)
    .output(ZRssImportResult)
    .mutation(({ ctx, input }) => ctx.services.rssImport.start(ctx.user, input)),
  status: activeProcedure
    .input(ZRssImportIdInput)
    .output(ZRssImportResult)
    .query(({ ctx, input }) => ctx.services.rssImport.get(ctx.user, input.import_id)),
  episodes: activeProcedure
    .input(ZPodcastId)
    .output(z.array(ZImportedEpisode))
    .query(({ ctx, input }) => ctx.services.rssImport.episodes(ctx.user, input.podcast_id)),
  recoverFromSpreaker: activeProcedure
    .input(ZPodcastId)
    .output(ZRecoverFromSpreakerResult)
    .mutation(({ ctx, input }) => ctx.services.rssImport.recoverFromSpreaker(ctx.user, input.podcast_id)),
});
