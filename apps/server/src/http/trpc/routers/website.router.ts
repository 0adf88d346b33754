import {
  ZWebsite,
  ZWebsiteChatRequest,
  ZWebsiteChatResponse,
  ZWebsiteDomainRequest,
  ZWebsitePodcastInput,
  ZWebsitePreview,
  ZWebsiteVersionInput,
  ZWebsiteVersionList,
} from '@ppp/contracts';
import { activeProcedure, router } from '../init.ts';

/** The website builder (spec 002 §2.13, §7 'Website builder'): the owner's calls, one service call each. */
export const websiteRouter = router({
  get: activeProcedure
    .input(ZWebsitePodcastInput)
    .output(ZWebsite)
    .query(({ ctx, input }) => ctx.services.websites.get(ctx.user, input.podcast_id)),
  generate: activeProcedure
    .input(ZWebsitePodcastInput)
    .output(ZWebsite)
    .mutation(({ ctx, input }) => ctx.services.websites.generate(ctx.user, input.podcast_id)),
  chat: activeProcedure
    .input(ZWebsitePodcastInput.extend(ZWebsiteChatRequest.shape))
    .output(ZWebsiteChatResponse)
    .mutation(({ ctx, input }) => ctx.services.websites.chat(ctx.user, input.podcast_id, { message: input.message })),
  setDomain: activeProcedure
    .input(ZWebsitePodcastInput.extend(ZWebsiteDomainRequest.shape))
    .output(ZWebsite)
    .mutation(({ ctx, input }) => ctx.services.websites.setDomain(ctx.user, input.podcast_id, { custom_domain: input.custom_domain })),
  publish: activeProcedure
    .input(ZWebsitePodcastInput)
    .output(ZWebsite)
    .mutation(({ ctx, input }) => ctx.services.websites.publish(ctx.user, input.podcast_id)),
  versions: activeProcedure
    .input(ZWebsitePodcastInput)
    .output(ZWebsiteVersionList)
    .query(({ ctx, input }) => ctx.services.websites.versions(ctx.user, input.podcast_id)),
  undo: activeProcedure
    .input(ZWebsitePodcastInput)
    .output(ZWebsite)
    .mutation(({ ctx, input }) => ctx.services.websites.undo(ctx.user, input.podcast_id)),
  restore: activeProcedure
    .input(ZWebsiteVersionInput)
    .output(ZWebsite)
    .mutation(({ ctx, input }) => ctx.services.websites.restore(ctx.user, input.podcast_id, input.version)),
  /** The draft's HTML for the builder's preview frame (the session is the access check). */
  preview: activeProcedure
    .input(ZWebsitePodcastInput)
    .output(ZWebsitePreview)
    .query(async ({ ctx, input }) => ({ html: await ctx.services.sitePages.preview(ctx.user, input.podcast_id) })),
});
