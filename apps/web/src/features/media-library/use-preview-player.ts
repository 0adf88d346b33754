import { useCallback, useEffect, useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { MEDIA_MESSAGES } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';

/** One audio element for the whole library: preview toggles play/pause, and only one item plays at a time. */
export function usePreviewPlayer() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const preview = trpc.media.preview.useMutation();

  useEffect(() => {
    const element = new Audio();
    element.preload = 'none';
    element.addEventListener('ended', () => setPlaying(null));
    audio.current = element;
    return () => {
      element.pause();
      audio.current = null;
    };
  }, []);

  const toggle = useCallback(
    async (id: string) => {
      const element = audio.current;
      if (!element) return;
      if (playing === id) {
        element.pause();
        setPlaying(null);
        return;
      }
      element.pause();
      let url: string;
      try {
        url = (await preview.mutateAsync({ id })).url;
      } catch {
        notifications.show({ color: 'red', title: MEDIA_MESSAGES.previewFailed, message: MEDIA_MESSAGES.couldNotResolvePreview });
        return;
      }
      element.src = url;
      try {
        await element.play();
        setPlaying(id);
      } catch {
        setPlaying(null);
        notifications.show({ color: 'red', title: MEDIA_MESSAGES.previewFailed, message: MEDIA_MESSAGES.previewFailedToPlay });
      }
    },
    [playing, preview],
  );

  return { playing, toggle };
}
