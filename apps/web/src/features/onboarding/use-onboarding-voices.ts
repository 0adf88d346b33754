import { useInfiniteQuery } from '@tanstack/react-query';
import type { TVoice } from '@ppp/contracts';
import { fetchVoices } from './onboarding-api.ts';

/** The voices offered for intro and outro, 12 at a time; a failed list means the default voice. */
export function useOnboardingVoices() {
  const query = useInfiniteQuery({
    queryKey: ['onboarding', 'voices'],
    queryFn: ({ pageParam }) => fetchVoices(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.reduce((n, p) => n + p.items.length, 0) < last.total ? last.page + 1 : undefined),
    retry: false,
    staleTime: 5 * 60_000,
  });
  const voices: TVoice[] = [];
  for (const voice of query.data?.pages.flatMap((p) => p.items) ?? []) {
    if (!voices.some((v) => v.voice_id === voice.voice_id)) voices.push(voice);
  }
  return {
    voices,
    loading: query.isPending || query.isFetchingNextPage,
    unavailable: query.isError && voices.length === 0,
    hasMore: query.hasNextPage,
    loadMore: () => query.fetchNextPage(),
  };
}
