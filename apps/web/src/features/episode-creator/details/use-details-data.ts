import { useEffect, useState } from 'react';
import { EPISODE_CREATOR, episodeQuotaExceeded, suggestedNumbering } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { toApiFailure } from '../../../lib/api-error.ts';
import { useMe } from '../../../lib/use-session.ts';
import { isAdminUser } from '../../gate/decide-gate.ts';
import type { MinutesState } from './details-rules.ts';
import { useCappedPoll, type CappedPoll } from '../use-capped-poll.ts';
import type { InsufficientMinutesInfo } from './InsufficientMinutesDialog.tsx';

export interface Numbering {
  season: number;
  episodeNumber: number;
}

/** GET /api/episodes/last/numbering?podcast_id: the numbers to suggest (null while loading; 1 and 1 when unknown or failed). */
export function useSuggestedNumbering(podcastId: string): Numbering | null {
  const last = trpc.episodeCreator.lastNumbering.useQuery({ podcast_id: podcastId }, { retry: false, staleTime: 0 });
  if (last.isPending) return null;
  return suggestedNumbering(last.data ?? { season_number: null, episode_number: null });
}

/** Admin test mode (GET /api/admin/settings test_mode, read by admins only): null until known. */
export function useTestMode(): boolean | null {
  const me = useMe();
  const admin = isAdminUser(me.data ?? null);
  const settings = trpc.admin.settings.useQuery(undefined, { enabled: admin, retry: false });
  if (me.isPending) return null;
  if (!admin) return false;
  if (settings.isPending) return null;
  return settings.data?.test_mode ?? false;
}

/** GET /api/ai/transcript-ready polled every 5 s until the upload's transcript is ready, for up to 10 minutes (then Retry). */
export function useTranscriptReady(uploadId: string): { ready: boolean; poll: CappedPoll } {
  const [waiting, setWaiting] = useState(true);
  const poll = useCappedPoll(waiting, EPISODE_CREATOR.transcriptPollMs);
  const ready = trpc.transcripts.ready.useQuery({ hint: uploadId }, { refetchInterval: poll.interval, retry: false });
  const isReady = ready.data?.ready === true;
  if (isReady === waiting) setWaiting(!isReady);
  return { ready: isReady, poll };
}

export interface MinutesCheck {
  state: MinutesState;
  info: InsufficientMinutesInfo | null;
}

/** POST /api/episodes/precheck/minutes: pending, error (non-blocking), ok, or blocking (allowed false or 402). */
export function useMinutesPrecheck(templateId: string, mainContentFilename: string): MinutesCheck {
  const precheck = trpc.billing.precheckMinutes.useMutation();
  const key = `${templateId}\n${mainContentFilename}`;
  const [result, setResult] = useState<{ key: string; check: MinutesCheck } | null>(null);
  const setCheck = (check: MinutesCheck) => setResult({ key, check });
  const { mutateAsync } = precheck;
  useEffect(() => {
    let cancelled = false;
    mutateAsync({ template_id: templateId, main_content_filename: mainContentFilename })
      .then((result) => {
        if (cancelled) return;
        const info = {
          minutes_required: result.minutes_required,
          minutes_remaining: result.minutes_remaining,
          renewal_date: result.renewal_date,
          message: result.message,
        };
        setCheck({ state: result.allowed ? 'ok' : 'blocking', info });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        const failure = toApiFailure(error);
        const blocking = failure.status === 402;
        setCheck({
          state: blocking ? 'blocking' : 'error',
          info: blocking ? { minutes_required: null, minutes_remaining: null, renewal_date: null, message: failure.message } : null,
        });
      });
    return () => {
      cancelled = true;
    };
    // setCheck is bound to this key; the effect runs again when the key changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [templateId, mainContentFilename, mutateAsync]);
  return result?.key === key ? result.check : { state: 'pending', info: null };
}

/** GET /api/billing/usage: true when no episodes remain this month ('Quota exceeded – upgrade or wait for reset.'). */
export function useQuotaExceeded(): boolean {
  const usage = trpc.billing.usage.useQuery(undefined, { retry: false });
  return episodeQuotaExceeded(usage.data);
}

/** The show the template belongs to: whether it is linked to a host. */
export function useShow(podcastId: string) {
  return trpc.podcasts.get.useQuery({ id: podcastId }, { retry: false, enabled: podcastId !== '' });
}

/** The show's feed check, the one the publish job applies (fresh each time step 5 opens, so a fix made meanwhile shows). */
export function useFeedCheck(podcastId: string) {
  return trpc.podcasts.feedCheck.useQuery({ id: podcastId }, { retry: false, enabled: podcastId !== '', staleTime: 0 });
}
