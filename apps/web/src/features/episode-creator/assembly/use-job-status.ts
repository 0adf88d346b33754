import { useCallback, useEffect, useRef, useState } from 'react';
import { ASSEMBLY, type TEpisodeJobStatus } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { toApiFailure } from '../../../lib/api-error.ts';
import { nextStatusPoll, pollSettled, STATUS_POLL_RETRIES } from './assembly-result.ts';

export interface JobPoll {
  status: TEpisodeJobStatus | null;
  /** The last reads failed ('Failed to poll for job status.'); polling goes on. */
  pollFailed: boolean;
  /** The episode is gone (deleted): there is nothing left to follow. */
  lost: boolean;
  settled: boolean;
  /** Reads the status again at once and follows it until it settles (after a retry). */
  refresh(): Promise<void>;
}

const isGone = (error: unknown) => error !== null && toApiFailure(error).status === 404;

/**
 * The build's episode, followed through whatever job renders it (trpc assembly.episodeStatus): every
 * 5 s until processed or error, on through failed reads, never once the episode is gone.
 */
export function useJobStatus(episodeId: string): JobPoll {
  // When a read first answered 'processed': a pending publish outcome is awaited a few polls more.
  const processedSince = useRef<number | null>(null);
  const [shownSince, setShownSince] = useState<number | null>(null);
  const query = trpc.assembly.episodeStatus.useQuery(
    { id: episodeId },
    {
      retry: (failures, error) => !isGone(error) && failures < STATUS_POLL_RETRIES,
      refetchOnWindowFocus: false,
      refetchInterval: (q) => {
        const { data, dataUpdatedAt, error } = q.state;
        processedSince.current = data?.status === 'processed' ? (processedSince.current ?? dataUpdatedAt) : null;
        return nextStatusPoll(data, pollsBetween(processedSince.current, dataUpdatedAt), isGone(error));
      },
    },
  );
  const data = query.data ?? null;
  // The same mark for what is shown, kept as state (set while rendering, as React allows for derived state).
  const since = data?.status === 'processed' ? (shownSince ?? query.dataUpdatedAt) : null;
  if (since !== shownSince) setShownSince(since);
  const { refetch } = query;
  const refresh = useCallback(async () => {
    processedSince.current = null;
    await refetch();
  }, [refetch]);
  const lost = query.isError && isGone(query.error);
  const settled = data !== null && pollSettled(data, pollsBetween(since, query.dataUpdatedAt));
  // A render that failed for good gives its minutes back: the minutes shown are read again once it settles.
  const utils = trpc.useUtils();
  useEffect(() => {
    if (settled) void utils.billing.usage.invalidate();
  }, [settled, utils]);
  return { status: data, pollFailed: query.isError && !lost, lost, settled, refresh };
}

/** Status reads between two times (5 s apart). */
function pollsBetween(from: number | null, to: number): number {
  return from === null ? 0 : Math.round((to - from) / ASSEMBLY.statusPollMs);
}
