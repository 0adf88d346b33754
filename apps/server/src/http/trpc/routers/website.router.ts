import { ZWebsitePodcastInput, ZWebsitePreview } from '@ppp/contracts';
import { websiteOperations as ops } from '../../operations/website.operations.ts';
import { actingIn, router } from '../init.ts';
import { mutationOf, queryOf } from '../operation-procedure.ts';
import { readsIn } from '../../workspace.ts';
import { showAt } from '../../workspace-rules.ts';

/** The website builder (spec 002 §2.13, §7 'Website builder'): the owner's calls, one service call each. */
export const websiteRouter = router({
  get: queryOf(ops.get),
  generate: mutationOf(ops.generate),
  chat: mutationOf(ops.chat),
  setDomain: mutationOf(ops.setDomain),
  verifyDomain: mutationOf(ops.verifyDomain),
  publish: mutationOf(ops.publish),
  versions: queryOf(ops.versions),
  undo: mutationOf(ops.undo),
  restore: mutationOf(ops.restore),
  /** The draft's HTML for the builder's preview frame (the session is the access check). */
  preview: actingIn(readsIn(showAt('podcast_id')), ZWebsitePodcastInput)
    .output(ZWebsitePreview)
    .query(async ({ ctx, input }) => ({ html: await ctx.services.sitePages.preview(ctx.user, input.podcast_id) })),
});
