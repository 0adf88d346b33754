import type { QueryClient } from '@tanstack/react-query';
import { PUBLISH_LIMITS, type TPublishStatus } from '@ppp/contracts';
import { publishSettled } from './publish-rules.ts';

/** A status read while the publish has not settled: react-query's retry reads it again. */
class PublishNotSettled extends Error {
  readonly status: TPublishStatus;
  constructor(status: TPublishStatus) {
    super('The publish has not settled yet');
    this.status = status;
  }
}

/** How many times the status is read again: every statusPollMs for up to statusPollMaxMs. */
const REREADS = Math.floor(PUBLISH_LIMITS.statusPollMaxMs / PUBLISH_LIMITS.statusPollMs);

/**
 * After 'Publish now' (spec 001 §4): reads the episode's publish status until it settles (published,
 * a hosting id, or an error), every 0.6 s for up to 4 s, through react-query's retry; answers the
 * last status read either way. A failing read is thrown as it is (the dialog shows it).
 */
export async function followPublishStatus(
  queryClient: QueryClient,
  episodeId: string,
  read: () => Promise<TPublishStatus>,
  retryDelay: number = PUBLISH_LIMITS.statusPollMs,
): Promise<TPublishStatus> {
  try {
    return await queryClient.fetchQuery({
      queryKey: ['publishing', 'follow', episodeId],
      queryFn: async () => {
        const status = await read();
        if (!publishSettled(status)) throw new PublishNotSettled(status);
        return status;
      },
      retry: (failures, error) => error instanceof PublishNotSettled && failures < REREADS,
      retryDelay,
      staleTime: 0,
      gcTime: 0,
    });
  } catch (error) {
    if (error instanceof PublishNotSettled) return error.status;
    throw error;
  }
}
