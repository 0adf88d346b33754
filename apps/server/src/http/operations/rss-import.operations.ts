import { z } from 'zod';
import {
  ZRecoverFromSpreakerResult,
  ZRssImportIdInput,
  ZRssImportRequest,
  ZRssImportResult,
  ZRssPreview,
  ZRssPreviewRequest,
} from '@ppp/contracts';
import { activeCall } from '../operation.ts';

export const ZPodcastId = z.object({ podcast_id: z.uuid() });

/** Import from RSS (spec 001 §7 'Shows'); the import itself runs as the rss.import job. */
export const rssImportOperations = {
  preview: activeCall(ZRssPreviewRequest, ZRssPreview, (services, user, input) => services.rssImport.preview(user, input)),
  start: activeCall(ZRssImportRequest, ZRssImportResult, (services, user, input) => services.rssImport.start(user, input)),
  status: activeCall(ZRssImportIdInput, ZRssImportResult, (services, user, input) => services.rssImport.get(user, input.import_id)),
  recoverFromSpreaker: activeCall(ZPodcastId, ZRecoverFromSpreakerResult, (services, user, input) =>
    services.rssImport.recoverFromSpreaker(user, input.podcast_id),
  ),
};
