import { z } from 'zod';
import { ZCoverImageList, ZMediaIdInput, ZMediaItem, ZMediaUpdateRequest, ZOkResponse, ZPreviewResponse } from '@ppp/contracts';
import { activeProcedure, router } from '../init.ts';

/** The media library and main-content uploads; uploads themselves go through tus at /files/. */
export const mediaRouter = router({
  library: activeProcedure.output(z.array(ZMediaItem)).query(({ ctx }) => ctx.services.media.findLibrary(ctx.user)),
  covers: activeProcedure.output(ZCoverImageList).query(({ ctx }) => ctx.services.media.findCovers(ctx.user)),
  mainContent: activeProcedure.output(z.array(ZMediaItem)).query(({ ctx }) => ctx.services.media.findMainContent(ctx.user)),
  get: activeProcedure
    .input(ZMediaIdInput)
    .output(ZMediaItem)
    .query(({ ctx, input }) => ctx.services.media.getDto(ctx.user, input.id)),
  update: activeProcedure
    .input(z.object({ id: z.string(), patch: ZMediaUpdateRequest }))
    .output(ZMediaItem)
    .mutation(({ ctx, input }) => ctx.services.media.update(ctx.user, input.id, input.patch)),
  delete: activeProcedure
    .input(ZMediaIdInput)
    .output(ZOkResponse)
    .mutation(async ({ ctx, input }) => (await ctx.services.media.delete(ctx.user, input.id), { ok: true as const })),
  preview: activeProcedure
    .input(ZMediaIdInput)
    .output(ZPreviewResponse)
    .mutation(({ ctx, input }) => ctx.services.media.preview(ctx.user, input.id)),
  retry: activeProcedure
    .input(ZMediaIdInput)
    .output(ZMediaItem)
    .mutation(({ ctx, input }) => ctx.services.media.retryTranscription(ctx.user, input.id)),
});
