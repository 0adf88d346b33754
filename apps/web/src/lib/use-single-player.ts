import { useCallback, useEffect, useRef, useState } from 'react';

/** What a toggle did: paused the item playing, started it, or the browser refused to play it. */
export type TPlayerToggle = 'paused' | 'playing' | 'refused';

/**
 * One audio element for a whole list: toggling an item pauses it if it is the one playing, else stops
 * the other and plays it from the address `source` gives (a failure of `source` is the caller's to show).
 */
export function useSinglePlayer() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
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
    async (id: string, source: () => Promise<string>): Promise<TPlayerToggle> => {
      const element = audio.current;
      if (!element) return 'paused';
      if (playing === id) {
        element.pause();
        setPlaying(null);
        return 'paused';
      }
      element.pause();
      element.src = await source();
      try {
        await element.play();
        setPlaying(id);
        return 'playing';
      } catch {
        setPlaying(null);
        return 'refused';
      }
    },
    [playing],
  );
  return { playing, toggle };
}
