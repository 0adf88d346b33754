import { notifications } from '@mantine/notifications';
import { WEBSITE_MESSAGES, type TWebsite } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';

/**
 * One show's site: the site (a 404 means none yet), and Generate, Publish and Undo; each change puts the new
 * site in place and reads the preview and versions again. `refresh` is handed to the chat, versions and domain.
 */
export function useShowWebsite(podcastId: string) {
  const utils = trpc.useUtils();
  const site = trpc.website.get.useQuery({ podcast_id: podcastId }, { retry: false });
  const refresh = async (next: TWebsite) => {
    utils.website.get.setData({ podcast_id: podcastId }, next);
    await Promise.all([
      utils.website.preview.invalidate({ podcast_id: podcastId }),
      utils.website.versions.invalidate({ podcast_id: podcastId }),
    ]);
  };
  const fail = (title: string) => (err: unknown) =>
    notifications.show({ color: 'red', title, message: toApiFailure(err).message ?? WEBSITE_MESSAGES.updateFailed });
  const generate = trpc.website.generate.useMutation({ onSuccess: refresh, onError: fail(WEBSITE_MESSAGES.generateFailed) });
  const publish = trpc.website.publish.useMutation({ onSuccess: refresh, onError: fail(WEBSITE_MESSAGES.updateFailed) });
  const undo = trpc.website.undo.useMutation({ onSuccess: refresh, onError: fail(WEBSITE_MESSAGES.updateFailed) });
  const missing = site.isError && toApiFailure(site.error).status === 404;
  return { site, missing, refresh, generate, publish, undo };
}

export type TShowWebsite = ReturnType<typeof useShowWebsite>;
