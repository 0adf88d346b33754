import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc.ts';
import { availableIntents, visibleIntents } from './creator-rules.ts';
import { fetchIntentHints } from './creator-api.ts';
import type { CreatorUpload, IntentCounts, IntentKey } from './creator-state.ts';

export interface IntentsView {
  /** Counts once detection is ready, else null (every available question shows). */
  counts: IntentCounts | null;
  visible: IntentKey[];
  detecting: boolean;
}

/** Which intent questions show for this upload: capabilities (GET /api/users/me/capabilities) and detection (GET /api/ai/intent-hints). */
export function useIntents(upload: CreatorUpload | null): IntentsView {
  const caps = trpc.speech.capabilities.useQuery();
  const hints = useQuery({
    queryKey: ['episode-creator', 'intent-hints', upload?.id],
    queryFn: ({ signal }) => fetchIntentHints(upload?.id ?? '', signal),
    enabled: Boolean(upload?.transcript_ready),
    retry: false,
    staleTime: 60_000,
  });
  const detected = hints.data?.intents;
  const counts: IntentCounts | null = detected
    ? { flubber: detected.flubber.count, intern: detected.intern.count, sfx: detected.sfx.count }
    : (upload?.intents ?? null);
  return { counts, visible: visibleIntents(availableIntents(caps.data ?? null), counts), detecting: hints.isFetching };
}
