import {
  ZCapabilities,
  ZElevenLabsKeyRequest,
  ZMediaItem,
  ZTtsPrecheckRequest,
  ZTtsPrecheckResponse,
  ZTtsRequest,
  ZVoice,
  ZVoiceIdInput,
  ZVoiceListQuery,
  ZVoicePage,
} from '@ppp/contracts';
import { activeProcedure, router } from '../init.ts';

/** Twins of the capabilities, ElevenLabs key, voices and AI-voice clip paths. */
export const speechRouter = router({
  capabilities: activeProcedure.output(ZCapabilities).query(({ ctx }) => ctx.services.speech.capabilities(ctx.user)),
  setElevenLabsKey: activeProcedure
    .input(ZElevenLabsKeyRequest)
    .output(ZCapabilities)
    .mutation(({ ctx, input }) => ctx.services.speech.setElevenLabsKey(ctx.user, input)),
  voices: activeProcedure
    .input(ZVoiceListQuery)
    .output(ZVoicePage)
    .query(({ ctx, input }) => ctx.services.speech.listVoices(ctx.user, input)),
  resolveVoice: activeProcedure
    .input(ZVoiceIdInput)
    .output(ZVoice)
    .query(({ ctx, input }) => ctx.services.speech.resolveVoice(ctx.user, input.id)),
  ttsPrecheck: activeProcedure
    .input(ZTtsPrecheckRequest)
    .output(ZTtsPrecheckResponse)
    .mutation(({ ctx, input }) => ctx.services.tts.precheck(ctx.user, input)),
  tts: activeProcedure
    .input(ZTtsRequest)
    .output(ZMediaItem)
    .mutation(({ ctx, input }) => ctx.services.tts.create(ctx.user, input)),
});
