import { z } from 'zod';
import { ZMediaItem, ZRetranscribeFallbackState, ZRetranscribeRequest, ZRetranscribeRun, ZTranscriptionEngineNow } from '@ppp/contracts';
import { activeCall, operation } from '../operation.ts';

/** Issue 32: the engine in use now, a creator's re-transcription, and the admin's re-transcription of the fallback's uploads. */
export const retranscribeOperations = {
  engineNow: activeCall(z.object({}), ZTranscriptionEngineNow.nullable(), (services) => services.retranscribe.engineNow()),
  retranscribe: activeCall(ZRetranscribeRequest, ZMediaItem, (services, user, input) => services.retranscribe.retranscribe(user, input)),
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
