import { useEffect, useRef, useState } from 'react';
import type { TVoice } from '@ppp/contracts';

/** Plays one voice's preview at a time; a second press stops it, closing the picker stops it too. */
export function useVoicePreview(opened: boolean, previewSource: (voice: TVoice) => Promise<string>, onError: (message: string) => void) {
  const [playing, setPlaying] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);

  // Closing the picker stops a preview; the pause event clears the playing mark.
  useEffect(() => {
    if (!opened) return;
    return () => audio.current?.pause();
  }, [opened]);

  async function togglePreview(voice: TVoice) {
    audio.current ??= new Audio();
    const element = audio.current;
    element.onended = () => setPlaying(null);
    element.onpause = () => setPlaying(null);
    if (playing === voice.voice_id) {
      element.pause();
      setPlaying(null);
      return;
    }
    element.pause();
    setPreviewing(voice.voice_id);
    try {
      element.src = await previewSource(voice);
      await element.play();
      setPlaying(voice.voice_id);
    } catch {
      setPlaying(null);
      onError(`Preview of ${voice.common_name} is not available.`);
    } finally {
      setPreviewing(null);
    }
  }

  return { playing, previewing, togglePreview };
}
