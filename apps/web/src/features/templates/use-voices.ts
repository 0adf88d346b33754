import { useCallback, useEffect, useRef } from 'react';
import type { TVoice, TVoicePage } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { readToken } from '../../lib/session.ts';
import { browserLanguage } from '../../lib/browser-language.ts';

/** What the voice picker needs: pages of voices and a playable preview for each. */
export function useVoiceSource() {
  const utils = trpc.useUtils();
  const blobs = useRef<string[]>([]);

  useEffect(
    () => () => {
      for (const url of blobs.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const loadVoices = useCallback(
    (query: { search: string; page: number; size: number }): Promise<TVoicePage> =>
      utils.speech.voices.fetch({ search: query.search || undefined, page: query.page, size: query.size, lang: browserLanguage() }),
    [utils],
  );

  /** ElevenLabs voices carry a public sample; the others get one synthesised by the server (bearer, so fetched here). */
  const previewSource = useCallback(async (voice: TVoice): Promise<string> => {
    if (voice.preview_url) return voice.preview_url;
    const token = readToken();
    const res = await fetch(`/api/elevenlabs/voice/${encodeURIComponent(voice.voice_id)}/preview`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (!res.ok) throw new Error(`preview failed: ${res.status}`);
    const url = URL.createObjectURL(await res.blob());
    blobs.current.push(url);
    return url;
  }, []);

  return { loadVoices, previewSource };
}
