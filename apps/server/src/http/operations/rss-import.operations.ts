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
import { readsIn, managesIn } from '../workspace.ts';
import { showAt, within } from '../workspace-rules.ts';

export const ZPodcastId = z.object({ podcast_id: z.uuid() });

/** Import from RSS (spec 001 §7 'Shows'); the import itself runs as the rss.import job. */
export const rssImportOperations = {
  preview: within(
    managesIn(),
    activeCall(ZRssPreviewRequest, ZRssPreview, (services, user, input) => services.rssImport.preview(user, input)),
  ),
  start: within(
    managesIn(),
    activeCall(ZRssImportRequest, ZRssImportResult, (services, user, input) => services.rssImport.start(user, input)),
  ),
  status: within(
    readsIn(),
    activeCall(ZRssImportIdInput, ZRssImportResult, (services, user, input) => services.rssImport.get(user, input.import_id)),
  ),
  recoverFromSpreaker: within(
    managesIn(showAt('podcast_id')),
    activeCall(ZPodcastId, ZRecoverFromSpreakerResult, (services, user, input) =>
      services.rssImport.recoverFromSpreaker(user, input.podcast_id),
    ),
  ),
};
