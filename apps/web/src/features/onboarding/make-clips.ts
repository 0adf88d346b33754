import { TTS_MESSAGES } from '@ppp/contracts';
import { toApiFailure } from '../../lib/api-error.ts';
import type { OnboardingApi, TClip } from './onboarding-api.ts';
import type { MediaRef, TSegmentKind, WizardState } from './wizard.ts';

/**
 * Makes the intro and outro the user asked for on the introOutro step: an AI voice clip from the
 * script (asking first when the server says it may cost minutes), or the chosen file uploaded. A
 * segment that already has its clip is left alone. Each clip is recorded as soon as it exists.
 */
export async function makeClips(
  api: Pick<OnboardingApi, 'generateSpeech' | 'uploadClip'>,
  state: WizardState,
  files: Partial<Record<TSegmentKind, File>>,
  record: (patch: Partial<WizardState>) => void,
  confirmCharge: (message: string) => boolean = (message) => window.confirm(message),
): Promise<void> {
  for (const kind of ['intro', 'outro'] as const) {
    if (state[`${kind}Media`]) continue;
    const draft = state[kind];
    let clip: TClip;
    let source: MediaRef['source'];
    if (draft.mode === 'upload') {
      const file = files[kind];
      if (!file) continue;
      clip = await api.uploadClip(kind, file);
      source = 'upload';
    } else {
      const request = {
        text: draft.script.trim(),
        category: kind,
        voice_id: draft.voiceId ?? '',
        friendly_name: `${state.podcastName.trim() || 'Show'} ${kind}`,
      };
      try {
        clip = await api.generateSpeech(request);
      } catch (error) {
        if (!(toApiFailure(error).status === 402 && confirmCharge(TTS_MESSAGES.mayCost))) throw error;
        clip = await api.generateSpeech({ ...request, confirm_charge: true });
      }
      source = 'tts';
    }
    record({ [`${kind}Media`]: { id: clip.id, display_name: clip.display_name, filename: clip.filename, source } });
  }
}
