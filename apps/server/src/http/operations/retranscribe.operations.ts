import { z } from 'zod';
import { ZMediaItem, ZRetranscribeFallbackState, ZRetranscribeRequest, ZRetranscribeRun, ZTranscriptionEngineNow } from '@ppp/contracts';
import { activeCall, operation } from '../operation.ts';
import { editsIn } from '../workspace.ts';
import { episodeAt, mediaAt, within } from '../workspace-rules.ts';

/** Transcribes an upload again, named by itself or by an episode made from it. */
const retranscribe = activeCall(ZRetranscribeRequest, ZMediaItem, (services, user, input) =>
  services.retranscribe.retranscribe(user, input),
);

/** Issue 32: the engine in use now, a creator's re-transcription, and the admin's re-transcription of the fallback's uploads. */
export const retranscribeOperations = {
  engineNow: activeCall(z.object({}), ZTranscriptionEngineNow.nullable(), (services) => services.retranscribe.engineNow()),
  retranscribe: within(editsIn(mediaAt('media_id')), retranscribe),
  /** The same call naming the episode made from the upload (its REST path names the episode). */
  retranscribeEpisode: within(editsIn(episodeAt('episode_id')), retranscribe),
  fallbackState: operation({
    access: 'admin',
    input: z.object({}),
    output: ZRetranscribeFallbackState,
    run: (ctx) => ctx.services.fallbackRun.state(),
  }),
  fallbackStart: operation({
    access: 'admin',
    input: z.object({}),
    output: ZRetranscribeRun,
    run: (ctx) => ctx.services.fallbackRun.start(ctx.user),
  }),
};
