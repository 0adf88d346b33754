import { EPISODE_CREATOR_SHELL } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { retryWhileStatus } from '../../lib/api-error.ts';
import { availableIntents, lockedIntents, visibleIntents, type AnswerEngine } from './creator-rules.ts';
import { usePlanFeatures } from '../billing/plan-features.ts';
import type { CreatorUpload, IntentCounts, IntentKey } from './creator-state.ts';

export interface IntentsView {
  /** Counts once detection is ready, else null (every available question shows). */
  counts: IntentCounts | null;
  /** Questions to answer. */
  visible: IntentKey[];
  /** Automations the upload has (or may have) that the plan does not include: shown locked, answered no. */
  locked: IntentKey[];
  detecting: boolean;
  /** Which engine answers Intern commands. */
  answerEngine: AnswerEngine;
}

/** Which intent questions show for this upload: capabilities (GET /api/users/me/capabilities) and detection (GET /api/ai/intent-hints). */
export function useIntents(upload: CreatorUpload | null): IntentsView {
  const caps = trpc.speech.capabilities.useQuery();
  // Retried 5 times at 750 ms while the upload is unknown yet (404), still transcribing (425) or failed (409).
  const hints = trpc.transcripts.intentHints.useQuery(
    { hint: upload?.id ?? '' },
    {
      enabled: Boolean(upload?.transcript_ready),
      retry: retryWhileStatus(EPISODE_CREATOR_SHELL.intentRetryStatuses, EPISODE_CREATOR_SHELL.intentRetryCount),
      retryDelay: EPISODE_CREATOR_SHELL.intentRetryDelayMs,
      staleTime: 60_000,
    },
  );
  const detected = hints.data?.intents;
  const counts: IntentCounts | null = detected
    ? { flubber: detected.flubber.count, intern: detected.intern.count, sfx: detected.sfx.count }
    : (upload?.intents ?? null);
  const shown = visibleIntents(availableIntents(caps.data ?? null), counts);
  const locked = lockedIntents(shown, usePlanFeatures());
  return {
    counts,
    visible: shown.filter((key) => !locked.includes(key)),
    locked,
    detecting: hints.isFetching,
    answerEngine: caps.data?.text_ai_engine ?? 'extractive',
  };
}
