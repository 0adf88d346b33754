import { useCallback } from 'react';
import { notifications } from '@mantine/notifications';
import { MEDIA_MESSAGES } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { useSinglePlayer, type TPlayerToggle } from '../../lib/use-single-player.ts';

/** One audio element for the whole library: preview toggles play/pause, and only one item plays at a time. */
export function usePreviewPlayer() {
  const player = useSinglePlayer();
  const { toggle: toggleItem } = player;
  const preview = trpc.media.preview.useMutation();

  const toggle = useCallback(
    async (id: string) => {
      let outcome: TPlayerToggle;
      try {
        outcome = await toggleItem(id, async () => (await preview.mutateAsync({ id })).url);
      } catch {
        notifications.show({ color: 'red', title: MEDIA_MESSAGES.previewFailed, message: MEDIA_MESSAGES.couldNotResolvePreview });
        return;
      }
      if (outcome === 'refused') {
        notifications.show({ color: 'red', title: MEDIA_MESSAGES.previewFailed, message: MEDIA_MESSAGES.previewFailedToPlay });
      }
    },
    [toggleItem, preview],
  );

  return { playing: player.playing, toggle };
}
