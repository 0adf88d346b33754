import {
  ZFlubberPrepareByFileRequest,
  ZFlubberPrepareByFileResponse,
  ZInternExecuteRequest,
  ZInternExecuteResponse,
  ZInternPrepareByFileRequest,
  ZInternPrepareByFileResponse,
  ZLastNumbering,
  ZLastNumberingQuery,
} from '@ppp/contracts';
import { operation } from '../operation.ts';

/** The Episode Creator's calls (spec 000 §7, issue 7) that are not assembly itself. */
export const episodeCreatorOperations = {
  flubberPrepareByFile: operation({
    access: 'active',
    input: ZFlubberPrepareByFileRequest,
    output: ZFlubberPrepareByFileResponse,
    run: (ctx, input) => ctx.services.flubberByFile.prepare(ctx.user, input),
  }),
  internPrepareByFile: operation({
    access: 'active',
    input: ZInternPrepareByFileRequest,
    output: ZInternPrepareByFileResponse,
    run: (ctx, input) => ctx.services.internReview.prepare(ctx.user, input),
  }),
  internExecute: operation({
    access: 'active',
    input: ZInternExecuteRequest,
    output: ZInternExecuteResponse,
    run: (ctx, input) => ctx.services.internReview.execute(ctx.user, input),
  }),
  lastNumbering: operation({
    access: 'active',
    input: ZLastNumberingQuery,
    output: ZLastNumbering,
    run: (ctx, input) => ctx.services.showEpisodes.lastNumbering(ctx.user, input.podcast_id),
  }),
};
