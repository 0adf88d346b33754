import { useInfiniteQuery } from '@tanstack/react-query';
import { ONBOARDING, type TVoice } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { browserLanguage } from '../../lib/browser-language.ts';

/** The voices offered for intro and outro, 12 at a time, the browser's language first; a failed list means the default voice. */
export function useOnboardingVoices() {
  const utils = trpc.useUtils();
  const lang = browserLanguage();
  // The voices procedure pages by `page` (not tRPC's `cursor`), so the pages are react-query's own.
  const query = useInfiniteQuery({
    queryKey: ['onboarding', 'voices', lang],
    queryFn: ({ pageParam }) => utils.speech.voices.fetch({ page: pageParam, size: ONBOARDING.voicesPageSize, lang }),
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
