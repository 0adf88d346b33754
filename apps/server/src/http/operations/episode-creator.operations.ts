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

/** The Episode Creator's calls (spec 000 §7, issue 7) that are not assembly itself. */
export const episodeCreatorOperations = {
  flubberPrepareByFile: activeCall(ZFlubberPrepareByFileRequest, ZFlubberPrepareByFileResponse, (services, user, input) =>
    services.flubberByFile.prepare(user, input),
  ),
  internPrepareByFile: activeCall(ZInternPrepareByFileRequest, ZInternPrepareByFileResponse, (services, user, input) =>
    services.internReview.prepare(user, input),
  ),
  internExecute: activeCall(ZInternExecuteRequest, ZInternExecuteResponse, (services, user, input) =>
    services.internReview.execute(user, input),
  ),
  enhancePreview: activeCall(ZEnhancePreviewRequest, ZEnhancePreview, (services, user, input) =>
    services.enhancePreview.preview(user, input),
  ),
  lastNumbering: activeCall(ZLastNumberingQuery, ZLastNumbering, (services, user, input) =>
    services.showEpisodes.lastNumbering(user, input.podcast_id),
  ),
};
