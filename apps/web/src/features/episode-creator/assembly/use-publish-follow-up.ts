import { PUBLISH_LIMITS, type TAssemblyPublishOutcome, type TPublishStatus } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { followsPublish, publishFollowUpSettled } from './assembly-result.ts';

/**
 * GET /api/episodes/{id}/publish/status (trpc publishing.status) after a publish was handed over,
 * every 0.6 s for a while: the host may refuse it after the render (a feed check, an upload).
 */
export function usePublishFollowUp(episodeId: string, publish: TAssemblyPublishOutcome | null | undefined): TPublishStatus | undefined {
  const query = trpc.publishing.status.useQuery(
    { id: episodeId },
    {
      enabled: followsPublish(publish),
      retry: false,
      refetchInterval: (q) => (publishFollowUpSettled(q.state.data, q.state.dataUpdateCount) ? false : PUBLISH_LIMITS.statusPollMs),
    },
  );
  return query.data;
}
