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
import { operation } from '../operation.ts';

/** The ElevenLabs key, voices and AI-voice clip calls. */
export const speechOperations = {
  setElevenLabsKey: operation({
    access: 'active',
    input: ZElevenLabsKeyRequest,
    output: ZCapabilities,
    run: (ctx, input) => ctx.services.speech.setElevenLabsKey(ctx.user, input),
  }),
  voices: operation({
    access: 'active',
    input: ZVoiceListQuery,
    output: ZVoicePage,
    run: (ctx, input) => ctx.services.speech.listVoices(ctx.user, input),
  }),
  resolveVoice: operation({
    access: 'active',
    input: ZVoiceIdInput,
    output: ZVoice,
    run: (ctx, input) => ctx.services.speech.resolveVoice(ctx.user, input.id),
  }),
  ttsPrecheck: operation({
    access: 'active',
    input: ZTtsPrecheckRequest,
    output: ZTtsPrecheckResponse,
    run: (ctx, input) => ctx.services.tts.precheck(ctx.user, input),
  }),
  tts: operation({
    access: 'active',
    input: ZTtsRequest,
    output: ZMediaItem,
    run: (ctx, input) => ctx.services.tts.create(ctx.user, input),
  }),
};
