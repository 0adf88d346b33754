import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { EPISODE_HISTORY, type TEpisode } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { useSinglePlayer } from '../../lib/use-single-player.ts';

const KEY = ['episode-history', 'all'] as const;

/**
 * Every episode of the user, read in pages of 500 (tRPC episodes.page, the twin of GET
 * /api/episodes/?limit=500&offset=n): each page goes alone as a plain GET the server answers from its
 * kept page, so an unchanged page costs the browser a 304 and the server no new JSON.
 */
export function useAllEpisodes() {
  const utils = trpc.useUtils();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: KEY,
    retry: false,
    staleTime: 0,
    queryFn: async () => {
      const all: TEpisode[] = [];
      for (let offset = 0; ; offset += EPISODE_HISTORY.pageSize) {
        const page = await utils.episodes.page.fetch({ limit: EPISODE_HISTORY.pageSize, offset }, { staleTime: 0 });
        all.push(...page.items);
        if (page.items.length === 0 || all.length >= page.total) return all;
      }
    },
  });
  const { refetch } = query;
  const reload = useCallback(() => refetch().then(() => undefined), [refetch]);
  /** The spec's reload delays: 1.2 s after a retry, 1.5 s after a republish, 0.8 s after an unpublish. */
  const reloadAfter = useCallback(
    (ms: number) => {
      window.setTimeout(() => void refetch(), ms);
    },
    [refetch],
  );
  /** Applies a change the server confirmed without waiting for the next reload. */
  const setEpisodes = useCallback(
    (update: (list: TEpisode[] | null) => TEpisode[] | null) =>
      client.setQueryData<TEpisode[]>(KEY, (old) => update(old ?? null) ?? undefined),
    [client],
  );
  return { episodes: query.data ?? null, failed: query.isError, loading: query.isFetching, reload, reloadAfter, setEpisodes };
}

/** One audio element for the list: play/pause per row, one episode at a time. */
export function useEpisodePlayer() {
  const player = useSinglePlayer();
  const { toggle: toggleItem } = player;
  const toggle = useCallback(
    async (episode: Pick<TEpisode, 'id' | 'playback_url'>) => {
      const url = episode.playback_url;
      if (url) await toggleItem(episode.id, () => Promise.resolve(url));
    },
    [toggleItem],
  );
  return { playing: player.playing, toggle };
}
