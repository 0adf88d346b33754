import { useCallback, useEffect, useRef, useState } from 'react';
import { EPISODE_CREATOR, EPISODE_CREATOR_MESSAGES, EPISODE_CREATOR_SHELL, type TFlubberContext } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { messageOf, retryWhileStatus } from '../../lib/api-error.ts';
import type { CreatorAction } from './creator-state.ts';

export type FlubberPhase = 'scanning' | 'none' | 'review' | 'error';

/**
 * The retake scan (POST /api/flubber/prepare-by-file's twin), retried 20 times at 1 s while the
 * transcript is not ready (425). Only the latest scan's answer counts: Skip and closing drop the rest.
 */
export function useFlubberScan(uploadId: string, contexts: TFlubberContext[] | null, dispatch: (action: CreatorAction) => void) {
  const [phase, setPhase] = useState<FlubberPhase>(contexts && contexts.length > 0 ? 'review' : 'scanning');
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);
  const { mutateAsync } = trpc.episodeCreator.flubberPrepareByFile.useMutation({
    retry: retryWhileStatus(EPISODE_CREATOR_SHELL.flubberRetryStatuses, EPISODE_CREATOR.flubberPrepareRetryCount),
    retryDelay: EPISODE_CREATOR.flubberPrepareRetryDelayMs,
  });

  const scan = useCallback(
    (threshold: number) => {
      const mine = ++latest.current;
      setPhase('scanning');
      mutateAsync({ filename: uploadId, intents: { flubber: 'yes' }, fuzzy_threshold: threshold }).then(
        (result) => {
          if (mine !== latest.current) return;
          dispatch({ type: 'flubberLoaded', contexts: result.contexts });
          dispatch({ type: 'extrasLoaded', uploadId, suggestions: result.suggestions, fillers: result.fillers });
          // Repeats with no marker and fillers are reviewed here too, even when no marker was said.
          const found = result.contexts.length + result.suggestions.length + result.fillers.length;
          setPhase(found > 0 ? 'review' : 'none');
        },
        (err: unknown) => {
          if (mine !== latest.current) return;
          setError(messageOf(err, EPISODE_CREATOR_MESSAGES.noFlubberContexts));
          setPhase('error');
        },
      );
    },
    [uploadId, dispatch, mutateAsync],
  );

  const drop = useCallback(() => {
    latest.current += 1;
  }, []);

  return { phase, error, scan, drop };
}

/** Scans once on opening when nothing was found before; the scan's answer is dropped on closing. */
export function useScanOnOpen(needed: boolean, run: () => void, drop: () => void) {
  useEffect(() => {
    if (needed) run();
    return drop;
    // Once on opening; Retry scans again with the slider's threshold.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
