import { ZMediaItem, ZMusicAssetIdInput, ZMusicAssetList } from '@ppp/contracts';
import { actingIn, actingInWorkspace, router } from '../init.ts';
import { readsIn, editsIn } from '../../workspace.ts';

/** Twins of GET /api/music/assets and POST /api/music/assets/{id}/add-to-library. */
export const musicRouter = router({
  assets: actingInWorkspace(readsIn())
    .output(ZMusicAssetList)
    .query(({ ctx }) => ctx.services.music.listActive()),
  addToLibrary: actingIn(editsIn(), ZMusicAssetIdInput)
    .output(ZMediaItem)
    .mutation(({ ctx, input }) => ctx.services.music.addToLibrary(ctx.user, input.id)),
});
