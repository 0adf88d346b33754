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
import { activeCall } from '../operation.ts';

/** The ElevenLabs key, voices and AI-voice clip calls. */
export const speechOperations = {
  setElevenLabsKey: activeCall(ZElevenLabsKeyRequest, ZCapabilities, (services, user, input) =>
    services.speech.setElevenLabsKey(user, input),
  ),
  voices: activeCall(ZVoiceListQuery, ZVoicePage, (services, user, input) => services.speech.listVoices(user, input)),
  resolveVoice: activeCall(ZVoiceIdInput, ZVoice, (services, user, input) => services.speech.resolveVoice(user, input.id)),
  ttsPrecheck: activeCall(ZTtsPrecheckRequest, ZTtsPrecheckResponse, (services, user, input) => services.tts.precheck(user, input)),
  tts: activeCall(ZTtsRequest, ZMediaItem, (services, user, input) => services.tts.create(user, input)),
};
