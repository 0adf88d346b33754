import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { EPISODE_CREATOR } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toCreatorUpload } from './creator-rules.ts';
import type { CreatorAction, CreatorState } from './creator-state.ts';
import { useCappedPoll, type CappedPoll } from './use-capped-poll.ts';

/**
 * '/dashboard/new-episode?upload=<mediaId>' (the Upload Audio page's 'Use in new episode'): the wizard
 * opens in preuploaded mode with that upload chosen; the parameter is then dropped from the address.
 */
export function useUploadParam(dispatch: (action: CreatorAction) => void): void {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('upload');
  // A list cached before the upload arrived (the Upload Audio page, the dashboard) would not hold it:
  // the upload is looked up in a list fetched since this screen opened.
  const list = trpc.media.mainContent.useQuery(undefined, { enabled: wanted !== null, refetchOnMount: 'always' });
  const fresh = list.isFetchedAfterMount && !list.isFetching;
  useEffect(() => {
    if (!wanted || !list.data || !fresh) return;
    const item = list.data.find((m) => m.id === wanted);
    if (item) dispatch({ type: 'openUpload', upload: toCreatorUpload(item) });
    setParams(
      (p) => {
        p.delete('upload');
        return p;
      },
      { replace: true },
    );
  }, [wanted, list.data, fresh, dispatch, setParams]);
}

/** While the chosen upload is being transcribed, its state is polled every 5 s until it is Ready, for up to 10 minutes. */
export function useUploadRefresh(state: CreatorState, dispatch: (action: CreatorAction) => void): CappedPoll {
  const waiting = state.upload !== null && !state.upload.transcript_ready;
  const poll = useCappedPoll(waiting, EPISODE_CREATOR.transcriptPollMs);
  const list = trpc.media.mainContent.useQuery(undefined, { enabled: waiting, refetchInterval: poll.interval });
  const id = state.upload?.id;
  useEffect(() => {
    if (!waiting || !list.data) return;
    const item = list.data.find((m) => m.id === id);
    if (item && item.transcript_ready) dispatch({ type: 'refreshUpload', upload: toCreatorUpload(item) });
  }, [waiting, id, list.data, dispatch]);
  return poll;
}
