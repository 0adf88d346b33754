import { ZMediaItem, ZMusicAssetIdInput, ZMusicAssetList } from '@ppp/contracts';
import { activeProcedure, router } from '../init.ts';

/** Twins of GET /api/music/assets and POST /api/music/assets/{id}/add-to-library. */
export const musicRouter = router({
  assets: activeProcedure.output(ZMusicAssetList).query(({ ctx }) => ctx.services.music.listActive()),
  addToLibrary: activeProcedure
    .input(ZMusicAssetIdInput)
    .output(ZMediaItem)
    .mutation(({ ctx, input }) => ctx.services.music.addToLibrary(ctx.user, input.id)),
});
