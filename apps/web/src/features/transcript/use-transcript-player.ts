import { useEffect, useRef, useState } from 'react';
import { trpc } from '../../lib/trpc.ts';

/** The upload's audio, played from a word (a signed preview URL). */
export function useTranscriptPlayer(mediaId: string) {
  const preview = trpc.media.preview.useMutation();
  const { mutateAsync } = preview;
  const [url, setUrl] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  useEffect(() => {
    let live = true;
    mutateAsync({ id: mediaId })
      .then((r) => live && setUrl(r.url))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [mediaId, mutateAsync]);
  const playFrom = (seconds: number) => {
    const element = audio.current;
    if (!element) return;
    element.currentTime = seconds;
    void element.play().catch(() => undefined);
  };
  return { url, audio, playFrom };
}
