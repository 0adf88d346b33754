import { z } from 'zod';
import { ZCoverImageList, ZMediaIdInput, ZMediaItem, ZMediaUpdateRequest, ZOkResponse, ZPreviewResponse } from '@ppp/contracts';
import { actingIn, actingInWorkspace, router } from '../init.ts';
import { readsIn, editsIn } from '../../workspace.ts';
import { mediaAt } from '../../workspace-rules.ts';

/** The media library and main-content uploads; uploads themselves go through tus at /files/. */
export const mediaRouter = router({
  library: actingInWorkspace(readsIn())
    .output(z.array(ZMediaItem))
    .query(({ ctx }) => ctx.services.media.findLibrary(ctx.user)),
  covers: actingInWorkspace(readsIn())
    .output(ZCoverImageList)
    .query(({ ctx }) => ctx.services.media.findCovers(ctx.user)),
  mainContent: actingInWorkspace(readsIn())
    .output(z.array(ZMediaItem))
    .query(({ ctx }) => ctx.services.media.findMainContent(ctx.user)),
  get: actingIn(readsIn(mediaAt()), ZMediaIdInput)
    .output(ZMediaItem)
    .query(({ ctx, input }) => ctx.services.media.getDto(ctx.user, input.id)),
  update: actingIn(editsIn(mediaAt()), z.object({ id: z.string(), patch: ZMediaUpdateRequest }))
    .output(ZMediaItem)
    .mutation(({ ctx, input }) => ctx.services.media.update(ctx.user, input.id, input.patch)),
  delete: actingIn(editsIn(mediaAt()), ZMediaIdInput)
    .output(ZOkResponse)
    .mutation(async ({ ctx, input }) => (await ctx.services.media.delete(ctx.user, input.id), { ok: true as const })),
  preview: actingIn(readsIn(mediaAt()), ZMediaIdInput)
    .output(ZPreviewResponse)
    .mutation(({ ctx, input }) => ctx.services.media.preview(ctx.user, input.id)),
  retry: actingIn(editsIn(mediaAt()), ZMediaIdInput)
    .output(ZMediaItem)
    .mutation(({ ctx, input }) => ctx.services.media.retryTranscription(ctx.user, input.id)),
});
