import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { PUBLISH_LIMITS, PUBLISH_MESSAGES, type TPublishMode, type TShowEpisode } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import type { PublishTarget } from '../publishing/PublishDialog.tsx';

export type PublishRequest = { target: PublishTarget; mode: TPublishMode };

/** What a show's episode list can do: open Publish/Schedule or Unpublish, retry a failed publish, read the list again. */
export function useShowEpisodeActions(showId: string) {
  const utils = trpc.useUtils();
  const republish = trpc.publishing.republish.useMutation();
  const [publishing, setPublishing] = useState<PublishRequest | null>(null);
  const [unpublishing, setUnpublishing] = useState<PublishTarget | null>(null);

  const reload = (delayMs = 0) =>
    setTimeout(() => {
      void utils.podcasts.episodes.invalidate({ id: showId });
      void utils.podcasts.summary.invalidate({ id: showId });
    }, delayMs);

  async function retry(episode: TShowEpisode) {
    try {
      await republish.mutateAsync({ id: episode.id });
      reload(PUBLISH_LIMITS.reloadAfterRepublishMs);
    } catch (err) {
      notifications.show({
        color: 'red',
        title: PUBLISH_MESSAGES.republishFailed,
        message: toApiFailure(err).message ?? PUBLISH_MESSAGES.republishFailed,
      });
    }
  }

  return { publishing, setPublishing, unpublishing, setUnpublishing, reload, retry };
}
export type ShowEpisodeActions = ReturnType<typeof useShowEpisodeActions>;
