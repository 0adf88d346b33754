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
import { readsIn, editsIn } from '../workspace.ts';
import { within } from '../workspace-rules.ts';

/** The ElevenLabs key, voices and AI-voice clip calls. */
export const speechOperations = {
  setElevenLabsKey: activeCall(ZElevenLabsKeyRequest, ZCapabilities, (services, user, input) =>
    services.speech.setElevenLabsKey(user, input),
  ),
  voices: within(
    readsIn(),
    activeCall(ZVoiceListQuery, ZVoicePage, (services, user, input) => services.speech.listVoices(user, input)),
  ),
  resolveVoice: within(
    readsIn(),
    activeCall(ZVoiceIdInput, ZVoice, (services, user, input) => services.speech.resolveVoice(user, input.id)),
  ),
  ttsPrecheck: within(
    editsIn(),
    activeCall(ZTtsPrecheckRequest, ZTtsPrecheckResponse, (services, user, input) => services.tts.precheck(user, input)),
  ),
  tts: within(
    editsIn(),
    activeCall(ZTtsRequest, ZMediaItem, (services, user, input) => services.tts.create(user, input)),
  ),
};
