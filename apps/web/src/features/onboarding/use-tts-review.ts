import { useState } from 'react';
import { messageOf } from '../../lib/api-error.ts';
import { useOnboardingApi } from './onboarding-api.ts';
import type { TSegmentKind, WizardState } from './wizard.ts';

export type TReviewAction = 'continue' | 'keep' | 'discard';

/**
 * The voice clips under review and the ways on: Continue renames the clips whose names changed, Keep and
 * Retry leaves them in the library, Discard and Retry deletes the generated ones (a failed deletion is ignored).
 */
export function useTtsReview(
  state: WizardState,
  update: (patch: Partial<WizardState>) => void,
  onContinue: () => void,
  onRetry: () => void,
) {
  const clips = (['intro', 'outro'] as const).flatMap((kind) => {
    const media = state[`${kind}Media`];
    return media ? [{ kind, media }] : [];
  });
  const [names, setNames] = useState<Record<string, string>>(() => Object.fromEntries(clips.map((c) => [c.kind, c.media.display_name])));
  const [busy, setBusy] = useState<TReviewAction | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { renameClip, deleteClipQuietly } = useOnboardingApi();

  async function continueOn() {
    setBusy('continue');
    setProblem(null);
    try {
      const patch: Partial<WizardState> = {};
      for (const { kind, media } of clips) {
        const name = (names[kind] ?? '').trim();
        if (!name || name === media.display_name) continue;
        const renamed = await renameClip(media.id, name);
        patch[`${kind}Media`] = { ...media, display_name: renamed.display_name };
      }
      update(patch);
      onContinue();
    } catch (err) {
      setProblem(messageOf(err, 'Could not rename the clip.'));
    } finally {
      setBusy(null);
    }
  }

  async function retry(discard: boolean) {
    setBusy(discard ? 'discard' : 'keep');
    if (discard) await Promise.all(clips.filter((c) => c.media.source === 'tts').map((c) => deleteClipQuietly(c.media.id)));
    const cleared: Partial<Record<`${TSegmentKind}Media`, null>> = {};
    for (const { kind, media } of clips) if (media.source === 'tts') cleared[`${kind}Media`] = null;
    update(cleared);
    setBusy(null);
    onRetry();
  }
  return { clips, names, setNames, busy, problem, continueOn, retry };
}
