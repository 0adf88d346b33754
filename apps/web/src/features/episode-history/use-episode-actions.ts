import { notifications } from '@mantine/notifications';
import { EPISODE_MESSAGES, PUBLISH_LIMITS, PUBLISH_MESSAGES, type TEpisode } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import type { EpisodeAction } from './EpisodeMenu.tsx';
import type { EpisodeDialog } from './EpisodeDialogs.tsx';
import type { useAllEpisodes } from './use-episodes.ts';

type Episodes = Pick<ReturnType<typeof useAllEpisodes>, 'setEpisodes' | 'reloadAfter'>;

function showFailure(title: string, err: unknown) {
  notifications.show({ color: 'red', title, message: toApiFailure(err).message ?? title });
}

/**
 * What an episode's menu does: Retry and Publish again act at once (then reload after the spec's
 * delay); every other action opens its dialog.
 */
export function useEpisodeActions({ setEpisodes, reloadAfter }: Episodes, openDialog: (dialog: EpisodeDialog) => void) {
  const retry = trpc.episodes.retry.useMutation();
  const republish = trpc.publishing.republish.useMutation();

  async function retryRender(episode: TEpisode) {
    try {
      await retry.mutateAsync({ id: episode.id });
      setEpisodes((list) => list?.map((e) => (e.id === episode.id ? { ...e, status: 'processing', retry_available: false } : e)) ?? null);
      reloadAfter(PUBLISH_LIMITS.reloadAfterRetryMs);
    } catch (err) {
      showFailure(EPISODE_MESSAGES.retryFailed, err);
    }
  }

  async function publishAgain(episode: TEpisode) {
    try {
      await republish.mutateAsync({ id: episode.id });
      notifications.show({ color: 'green', message: 'Publishing again' });
      reloadAfter(PUBLISH_LIMITS.reloadAfterRepublishMs);
    } catch (err) {
      showFailure(PUBLISH_MESSAGES.republishFailed, err);
    }
  }

  return (action: EpisodeAction, episode: TEpisode) => {
    if (action === 'retry') void retryRender(episode);
    else if (action === 'republish') void publishAgain(episode);
    else openDialog({ kind: action, episode });
  };
}
