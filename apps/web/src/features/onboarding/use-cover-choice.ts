import { useRef, useState } from 'react';
import { ONBOARDING, ONBOARDING_MESSAGES, coverUploadForm, type TCoverImage } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';
import type { WizardState } from './wizard.ts';

/**
 * The cover art step's data: an image uploaded (PNG or JPEG, stored at once) or picked from the library,
 * and the problem with the last choice.
 */
export function useCoverChoice(update: (patch: Partial<WizardState>) => void) {
  const upload = trpc.mediaUploads.cover.useMutation();
  const [problem, setProblem] = useState<string | null>(null);
  // Cleared after each choice, so choosing the same file again (a retry after a failure) is seen.
  const resetInput = useRef<() => void>(null);
  // The picker is extra: when the list cannot load, uploading still works.
  const covers = trpc.media.covers.useQuery(undefined, { retry: false });

  async function choose(file: File | null) {
    resetInput.current?.();
    if (!file) return;
    if (!(ONBOARDING.coverTypes as readonly string[]).includes(file.type)) {
      setProblem(ONBOARDING_MESSAGES.coverType);
      return;
    }
    setProblem(null);
    try {
      const stored = await upload.mutateAsync(coverUploadForm(file, file.name));
      update({ coverArt: { filename: stored.filename, path: stored.path } });
      void covers.refetch();
    } catch (err) {
      // The server's reason when it gave one (a refused file says why); otherwise it or the network failed.
      setProblem(messageOf(err, ONBOARDING_MESSAGES.coverUploadFailed));
    }
  }
  const pick = (cover: TCoverImage) => {
    setProblem(null);
    update({ coverArt: { filename: cover.filename, path: cover.path } });
  };
  return { covers: covers.data ?? [], uploading: upload.isPending, problem, resetInput, choose, pick };
}
