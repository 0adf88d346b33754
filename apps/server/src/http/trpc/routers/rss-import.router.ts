import { z } from 'zod';
import { ZImportedEpisode } from '@ppp/contracts';
import { rssImportOperations as ops, ZPodcastId } from '../../operations/rss-import.operations.ts';
import { actingIn, router } from '../init.ts';
import { mutationOf, queryOf } from '../operation-procedure.ts';
import { readsIn } from '../../workspace.ts';
import { showAt } from '../../workspace-rules.ts';

/** The Import from RSS page and onboarding's import path: the same operations as /api/import/rss. */
export const rssImportRouter = router({
  preview: mutationOf(ops.preview),
  start: mutationOf(ops.start),
  status: queryOf(ops.status),
  episodes: actingIn(readsIn(showAt('podcast_id')), ZPodcastId)
    .output(z.array(ZImportedEpisode))
    .query(({ ctx, input }) => ctx.services.rssImport.episodes(ctx.user, input.podcast_id)),
  recoverFromSpreaker: mutationOf(ops.recoverFromSpreaker),
});
