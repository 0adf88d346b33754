import { useEffect, useRef, useState } from 'react';
import { TTS_MESSAGES, VOICES, type TVoice, type TVoicePage } from '@ppp/contracts';

export type LoadVoices = (query: { search: string; page: number; size: number }) => Promise<TVoicePage>;

const SEARCH_DELAY_MS = 250;

/**
 * The picker's list of voices: the first page again a moment after the search changes, then
 * 'Load more' pages of 50. A later request wins over an earlier one still on its way.
 */
export function useVoiceList(opened: boolean, loadVoices: LoadVoices) {
  const [search, setSearch] = useState('');
  const [voices, setVoices] = useState<TVoice[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const request = useRef(0);

  useEffect(() => {
    if (!opened) return;
    const ticket = ++request.current;
    const timer = setTimeout(() => {
      setLoading(true);
      setError(null);
      loadVoices({ search: search.trim(), page: 1, size: VOICES.pageSize })
        .then((result) => {
          if (ticket !== request.current) return;
          setVoices(result.items);
          setTotal(result.total);
          setPage(1);
        })
        .catch(() => ticket === request.current && setError(TTS_MESSAGES.voiceListUnavailable))
        .finally(() => ticket === request.current && setLoading(false));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [opened, search, loadVoices]);

  async function more() {
    const ticket = ++request.current;
    setLoading(true);
    try {
      const result = await loadVoices({ search: search.trim(), page: page + 1, size: VOICES.pageSize });
      if (ticket !== request.current) return;
      setVoices((list) => [...list, ...result.items]);
      setPage(page + 1);
    } finally {
      if (ticket === request.current) setLoading(false);
    }
  }

  return { search, setSearch, voices, total, loading, error, setError, more };
}
