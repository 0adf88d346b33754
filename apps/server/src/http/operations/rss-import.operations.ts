import { z } from 'zod';
import {
  ZRecoverFromSpreakerResult,
  ZRssImportIdInput,
  ZRssImportRequest,
  ZRssImportResult,
  ZRssPreview,
  ZRssPreviewRequest,
} from '@ppp/contracts';
import { operation } from '../operation.ts';

export const ZPodcastId = z.object({ podcast_id: z.uuid() });

/** Import from RSS (spec 001 §7 'Shows'); the import itself runs as the rss.import job. */
export const rssImportOperations = {
  preview: operation({
    access: 'active',
    input: ZRssPreviewRequest,
    output: ZRssPreview,
    run: (ctx, input) => ctx.services.rssImport.preview(ctx.user, input),
  }),
  start: operation({
    access: 'active',
    input: ZRssImportRequest,
    output: ZRssImportResult,
    run: (ctx, input) => ctx.services.rssImport.start(ctx.user, input),
  }),
  status: operation({
    access: 'active',
    input: ZRssImportIdInput,
    output: ZRssImportResult,
    run: (ctx, input) => ctx.services.rssImport.get(ctx.user, input.import_id),
  }),
  recoverFromSpreaker: operation({
    access: 'active',
    input: ZPodcastId,
    output: ZRecoverFromSpreakerResult,
    run: (ctx, input) => ctx.services.rssImport.recoverFromSpreaker(ctx.user, input.podcast_id),
  }),
};
