import { useEffect, useRef, useState } from 'react';
import { TRANSCRIPT_REVIEW } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';

/** The upload's signed preview URL, the one the media previews play. */
function usePreviewUrl(mediaId: string): string | null {
  const { mutateAsync } = trpc.media.preview.useMutation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    mutateAsync({ id: mediaId })
      .then((r) => live && setUrl(r.url))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [mediaId, mutateAsync]);
  return url;
}

/** The upload's audio, played from a line's time or one word with a little lead and tail. */
export function useTranscriptPlayer(mediaId: string) {
  const url = usePreviewUrl(mediaId);
  const audio = useRef<HTMLAudioElement | null>(null);
  const stopAt = useRef<number | null>(null);
  const frame = useRef<number | null>(null);
  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  /** Pauses once the word's tail has played (checked each frame: timeupdate comes only every quarter second). */
  function watch() {
    const element = audio.current;
    frame.current = null;
    if (!element || stopAt.current === null || element.paused) return;
    if (element.currentTime >= stopAt.current) {
      element.pause();
      stopAt.current = null;
      return;
    }
    frame.current = requestAnimationFrame(watch);
  }

  function play(from: number, until: number | null) {
    const element = audio.current;
    if (!element) return;
    stopAt.current = until;
    element.currentTime = Math.max(0, from);
    void element
      .play()
      .then(() => {
        if (until !== null && frame.current === null) frame.current = requestAnimationFrame(watch);
      })
      .catch(() => undefined);
  }

  return {
    url,
    audio,
    playFrom: (seconds: number) => play(seconds, null),
    playWord: (word: { start: number; end: number }) =>
      play(word.start - TRANSCRIPT_REVIEW.playLeadS, word.end + TRANSCRIPT_REVIEW.playTailS),
  };
}
