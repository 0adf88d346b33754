import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { TEpisode } from '@ppp/contracts';

/**
 * ?episode={id} (a notice's link, NOTIFICATION_LINKS.episode): once the list has loaded, that
 * episode's edit panel opens and the query is dropped, so closing the panel leaves the plain list.
 */
export function useLinkedEpisode(episodes: readonly TEpisode[] | null, open: (episode: TEpisode) => void): void {
  const [params, setParams] = useSearchParams();
  const id = params.get('episode');
  useEffect(() => {
    if (!id || episodes === null) return;
    const episode = episodes.find((e) => e.id === id);
    if (episode) open(episode);
    setParams(
      (current) => {
        current.delete('episode');
        return current;
      },
      { replace: true },
    );
  }, [id, episodes, open, setParams]);
}
