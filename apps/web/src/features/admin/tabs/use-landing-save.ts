import { notifications } from '@mantine/notifications';
import { LANDING_MESSAGES, MESSAGES } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { toApiFailure } from '../../../lib/api-error.ts';
import type { LandingForm } from './landing-form.ts';

/** Saves the front page; the stored content (sanitised by the server) replaces the cached one. */
export function useLandingSave() {
  const utils = trpc.useUtils();
  const update = trpc.landing.update.useMutation();

  async function submit(next: LandingForm) {
    try {
      const stored = await update.mutateAsync(next);
      utils.landing.adminContent.setData(undefined, stored);
      void utils.landing.content.invalidate();
      notifications.show({ color: 'teal', title: 'Saved', message: 'The front page shows the new content.' });
    } catch (err) {
      notifications.show({ color: 'red', title: LANDING_MESSAGES.saveFailed, message: toApiFailure(err).message ?? MESSAGES.unexpected });
    }
  }

  return { submit, saving: update.isPending };
}
