import {
  ZEnhancePreview,
  ZEnhancePreviewRequest,
  ZFlubberPrepareByFileRequest,
  ZFlubberPrepareByFileResponse,
  ZInternExecuteRequest,
  ZInternExecuteResponse,
  ZInternPrepareByFileRequest,
  ZInternPrepareByFileResponse,
  ZLastNumbering,
  ZLastNumberingQuery,
} from '@ppp/contracts';
import { activeCall } from '../operation.ts';
import { readsIn, editsIn } from '../workspace.ts';
import { showAt, mediaAt, within } from '../workspace-rules.ts';

/** The Episode Creator's calls (spec 000 §7, issue 7) that are not assembly itself. */
export const episodeCreatorOperations = {
  flubberPrepareByFile: within(
    editsIn(),
    activeCall(ZFlubberPrepareByFileRequest, ZFlubberPrepareByFileResponse, (services, user, input) =>
      services.flubberByFile.prepare(user, input),
    ),
  ),
  internPrepareByFile: within(
    editsIn(),
    activeCall(ZInternPrepareByFileRequest, ZInternPrepareByFileResponse, (services, user, input) =>
      services.internReview.prepare(user, input),
    ),
  ),
  internExecute: within(
    editsIn(),
    activeCall(ZInternExecuteRequest, ZInternExecuteResponse, (services, user, input) => services.internReview.execute(user, input)),
  ),
  enhancePreview: within(
    editsIn(mediaAt('media_id')),
    activeCall(ZEnhancePreviewRequest, ZEnhancePreview, (services, user, input) => services.enhancePreview.preview(user, input)),
  ),
  lastNumbering: within(
    readsIn(showAt('podcast_id')),
    activeCall(ZLastNumberingQuery, ZLastNumbering, (services, user, input) => services.showEpisodes.lastNumbering(user, input.podcast_id)),
  ),
};
