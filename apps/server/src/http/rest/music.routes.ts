import { ZMediaItem, ZMusicAssetList } from '@ppp/contracts';
import { userOf } from '../request-context.ts';
import { serveStored } from '../media/serve-stored.ts';
import { defineRoutes, route } from './route.ts';
import { readsIn, editsIn } from '../workspace.ts';

export const musicRoutes = defineRoutes([
  route({
    method: 'get',
    path: '/api/music/assets',
    workspace: readsIn(),
    tag: 'music',
    access: 'active',
    summary:
      'The shared music library the onboarding wizard offers: {assets: [{id, display_name, mood_tags, preview_url, url, filename}], preparing} (preparing: built-in beds still being rendered).',
    response: ZMusicAssetList,
    handle: ({ ctx }) => ctx.services.music.listActive(),
  }),
  route({
    method: 'get',
    path: '/api/music/assets/{id}/file',
    produces: ['audio/mpeg', 'audio/wav', 'audio/ogg'],
    tag: 'music',
    access: 'public',
    summary: 'A library bed’s audio (royalty-free, public), with range requests.',
    handle: async ({ ctx, params, c }) => {
      const asset = await ctx.services.music.getActive(params.id);
      return serveStored(c, ctx.services.storage, {
        key: asset.storageKey,
        contentType: asset.contentType,
        cacheControl: 'public, max-age=86400',
        downloadName: asset.filename,
      });
    },
  }),
  route({
    method: 'post',
    path: '/api/music/assets/{id}/add-to-library',
    workspace: editsIn(),
    tag: 'music',
    access: 'active',
    summary: 'Copy a library bed into your media as a music clip (once; asking again returns the same clip), for a template’s music rule.',
    response: ZMediaItem,
    handle: ({ ctx, params }) => ctx.services.music.addToLibrary(userOf(ctx), params.id),
  }),
]);
