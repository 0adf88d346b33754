import { useEffect, useState } from 'react';
import type { TAiReviewChoicesInput, TAiTagsRequest } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { isLocked, usePlanFeatures } from '../../billing/plan-features.ts';
import { zonedToUtc } from '../../publishing/schedule-time.ts';
import { useAiAutoFill } from './use-ai-auto-fill.ts';
import { publishHold } from './publish-hold.ts';
import {
  buildAssembleRequest,
  detailsProblems,
  draftSchedule,
  publishingChecklist,
  showLinkedToHost,
  type AssembleDetailsRequest,
  type DetailsDraft,
} from './details-rules.ts';
import { writePublishPrefs } from './publish-prefs.ts';
import {
  useMinutesPrecheck,
  useFeedCheck,
  useQuotaExceeded,
  useShow,
  useSuggestedNumbering,
  useTestMode,
  useTranscriptReady,
} from './use-details-data.ts';
import { useDraftSetup } from './use-draft-setup.ts';

export interface DetailsStepInput {
  templateId: string;
  podcastId: string;
  /** stored_filename names it in the minutes precheck (main_content_filename). */
  upload: { id: string; filename: string; stored_filename: string; duration_seconds: number | null };
  coverImagePath: string | null;
  /** The review's choices so far: the AI text reads the words the episode will play under them. */
  review?: TAiReviewChoicesInput | null;
  value: DetailsDraft | null;
  onChange(value: DetailsDraft): void;
  onSubmit(request: AssembleDetailsRequest): Promise<void>;
}

const PUBLISH_CHOICE_KEYS = ['publishMode', 'visibility', 'scheduleDate', 'scheduleTime', 'scheduleZone'] as const;

/** Keeps the publish choice for the next episode (spec 000 §4). */
function rememberPublishChoice(draft: DetailsDraft) {
  const schedule = draftSchedule(draft);
  const at = draft.publishMode === 'schedule' ? zonedToUtc(schedule) : null;
  writePublishPrefs({
    publishMode: draft.publishMode,
    visibility: draft.visibility,
    scheduleAt: at ? at.toISOString() : null,
    scheduleZone: schedule.zone,
  });
}

/** Only a draft is open to this plan on a Spreaker show (the saved choice is left as it was). */
function useAutoPublishLock(hostKind: string | undefined, draft: DetailsDraft, onChange: (value: DetailsDraft) => void): boolean {
  const features = usePlanFeatures();
  const locked = hostKind === 'spreaker' && isLocked(features, 'autopublishSpreaker');
  useEffect(() => {
    if (locked && draft.publishMode !== 'draft') onChange({ ...draft, publishMode: 'draft' });
  }, [locked, draft, onChange]);
  return locked;
}

/** The AI Suggest request of the fields and the template's 'Auto fill with AI'. */
function useDetailsAi(input: DetailsStepInput, draft: DetailsDraft, transcriptReady: boolean) {
  const { templateId, podcastId, upload, onChange } = input;
  const request: TAiTagsRequest = {
    hint: upload.id,
    podcast_id: podcastId,
    template_id: templateId,
    current_title: draft.title,
    current_description: draft.description,
    review: input.review ?? null,
  };
  const template = trpc.templates.get.useQuery({ id: templateId });
  const autoFill = useAiAutoFill({
    enabled: template.data ? template.data.ai_settings.auto_fill_ai : null,
    transcriptReady,
    request,
    draft,
    onChange,
  });
  return { ai: { request, transcriptReady }, autoFill };
}

/** The field changes (remembering the publish choice), the problems shown after a first attempt, and the submit. */
function useDetailsForm(input: DetailsStepInput, draft: DetailsDraft, blocked: boolean) {
  const [attempted, setAttempted] = useState(false);
  const problems = detailsProblems(draft);
  function patch(change: Partial<DetailsDraft>) {
    const next = { ...draft, ...change };
    input.onChange(next);
    if (PUBLISH_CHOICE_KEYS.some((key) => key in change)) rememberPublishChoice(next);
  }
  async function submit() {
    setAttempted(true);
    const first = (['title', 'episodeNumber', 'schedule'] as const).find((key) => problems[key]);
    if (first) {
      document.getElementById(`details-${first}`)?.focus();
      return;
    }
    if (blocked) return;
    rememberPublishChoice(draft);
    await input.onSubmit(buildAssembleRequest(draft, input.coverImagePath));
  }
  return { shown: attempted ? problems : {}, patch, submit };
}

/** Everything step 5 reads and does: the draft, the checks that block Assemble, AI, and the form's handlers. */
export function useDetailsStep(input: DetailsStepInput) {
  const { templateId, podcastId, upload, coverImagePath, value, onChange } = input;
  const numbering = useSuggestedNumbering(podcastId);
  const testMode = useTestMode();
  const draft = useDraftSetup(value, onChange, numbering, testMode);
  const { ready: transcriptReady, poll: transcriptPoll } = useTranscriptReady(upload.id);
  const minutes = useMinutesPrecheck(templateId, upload.stored_filename);
  const quotaExceeded = useQuotaExceeded();
  const show = useShow(podcastId);
  const feedCheck = useFeedCheck(podcastId).data ?? null;
  const autoPublishLocked = useAutoPublishLock(show.data?.host_kind, draft, onChange);
  // Step 5 waits for the transcript (spec 000 §4), polled every 5 s.
  const blocked = minutes.state === 'blocking' || quotaExceeded || !transcriptReady;
  // Publishing that would fail after the render holds Assemble back; Save as draft stays open (issue 37).
  const hold = publishHold(draft.publishMode, podcastId, show.data, feedCheck);
  const checklist = publishingChecklist({
    draft,
    hasCover: Boolean(coverImagePath),
    hasAudio: Boolean(upload.id),
    showLinked: showLinkedToHost(show.data),
    feedReady: feedCheck?.ready ?? false,
    minutes: minutes.state,
  });
  const form = useDetailsForm(input, draft, blocked || hold !== null);
  const { ai, autoFill } = useDetailsAi(input, draft, transcriptReady);
  return {
    draft,
    testMode,
    transcriptReady,
    transcriptPoll,
    minutes,
    quotaExceeded,
    feedCheck,
    autoPublishLocked,
    blocked: blocked || hold !== null,
    hold,
    checklist,
    ai,
    autoFill,
    ...form,
  };
}
