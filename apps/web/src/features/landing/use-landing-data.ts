import { DEFAULT_LANDING_CONTENT, type TLandingContent, type TPublicEpisode } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';

const FIVE_MINUTES = 5 * 60_000;

/**
 * Editable landing content (GET /api/public/landing through its tRPC twin). The built-in content is
 * shown at once and stays if the call fails, so the page never waits on the server to paint.
 */
export function useLandingContent(): TLandingContent {
  const query = trpc.landing.content.useQuery(undefined, { staleTime: FIVE_MINUTES, placeholderData: DEFAULT_LANDING_CONTENT });
  return query.data ?? DEFAULT_LANDING_CONTENT;
}

/** Recent published episodes (GET /api/public/episodes); empty hides the section. */
export function usePublicEpisodes(): TPublicEpisode[] {
  const query = trpc.landing.episodes.useQuery(undefined, { staleTime: FIVE_MINUTES });
  return query.data?.items ?? [];
}
