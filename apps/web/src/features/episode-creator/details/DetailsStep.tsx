import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Grid, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconClock, IconSparkles } from '@tabler/icons-react';
import { ASSEMBLY, CREATOR_STEP_COPY, EPISODE_CREATOR_MESSAGES } from '@ppp/contracts';
import { AiSuggestField } from './AiSuggestField.tsx';
import { useAiAutoFill } from './use-ai-auto-fill.ts';
import { trpc } from '../../../lib/trpc.ts';
import { MinutesPanel } from './MinutesPanel.tsx';
import { isLocked, usePlanFeatures } from '../../billing/plan-features.ts';
import { PublishOptions } from './PublishOptions.tsx';
import { PublishingChecklist } from './PublishingChecklist.tsx';
import {
  buildAssembleRequest,
  detailsProblems,
  draftSchedule,
  publishingChecklist,
  showLinkedToHost,
  tagList,
  type AssembleDetailsRequest,
  type DetailsDraft,
} from './details-rules.ts';
import { writePublishPrefs } from './publish-prefs.ts';
import { zonedToUtc } from '../../publishing/schedule-time.ts';
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

export type { DetailsDraft } from './details-rules.ts';

interface Props {
  templateId: string;
  podcastId: string;
  /** stored_filename names it in the minutes precheck (main_content_filename). */
  upload: { id: string; filename: string; stored_filename: string; duration_seconds: number | null };
  coverImagePath: string | null;
  value: DetailsDraft | null;
  onChange(value: DetailsDraft): void;
  onBack(): void;
  onSubmit(request: AssembleDetailsRequest): Promise<void>;
  submitting: boolean;
}

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

/** Step 5 Episode Details & Scheduling (spec 000 §2, §4, §5). */
export function DetailsStep({ templateId, podcastId, upload, coverImagePath, value, onChange, onBack, onSubmit, submitting }: Props) {
  const numbering = useSuggestedNumbering(podcastId);
  const testMode = useTestMode();
  const draft = useDraftSetup(value, onChange, numbering, testMode);
  const transcriptReady = useTranscriptReady(upload.id);
  const minutes = useMinutesPrecheck(templateId, upload.stored_filename);
  const quotaExceeded = useQuotaExceeded();
  const show = useShow(podcastId);
  const feedCheck = useFeedCheck(podcastId);
  const features = usePlanFeatures();
  const autoPublishLocked = show.data?.host_kind === 'spreaker' && isLocked(features, 'autopublishSpreaker');
  const [attempted, setAttempted] = useState(false);
  // Only a draft is open to this plan on a Spreaker show (the saved choice is left as it was).
  useEffect(() => {
    if (autoPublishLocked && draft.publishMode !== 'draft') onChange({ ...draft, publishMode: 'draft' });
  }, [autoPublishLocked, draft, onChange]);

  const problems = detailsProblems(draft);
  const shown = attempted ? problems : {};
  // Step 5 waits for the transcript (spec 000 §4), polled every 5 s.
  const blocked = minutes.state === 'blocking' || quotaExceeded || !transcriptReady;
  const tags = tagList(draft.tags);
  const aiRequest = {
    hint: upload.id,
    podcast_id: podcastId,
    template_id: templateId,
    current_title: draft.title,
    current_description: draft.description,
  };
  const ai = { request: aiRequest, transcriptReady };
  const template = trpc.templates.get.useQuery({ id: templateId });
  const autoFill = useAiAutoFill({
    enabled: template.data ? template.data.ai_settings.auto_fill_ai : null,
    transcriptReady,
    request: aiRequest,
    draft,
    onChange,
  });

  function patch(change: Partial<DetailsDraft>) {
    const next = { ...draft, ...change };
    onChange(next);
    if (
      'publishMode' in change ||
      'visibility' in change ||
      'scheduleDate' in change ||
      'scheduleTime' in change ||
      'scheduleZone' in change
    )
      rememberPublishChoice(next);
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
    await onSubmit(buildAssembleRequest(draft, coverImagePath));
  }

  const checklist = publishingChecklist({
    draft,
    hasCover: Boolean(coverImagePath),
    hasAudio: Boolean(upload.id),
    showLinked: showLinkedToHost(show.data),
    feedReady: feedCheck.data?.ready ?? false,
    minutes: minutes.state,
  });

  return (
    <Stack gap="lg" data-testid="details-step">
      <Group gap="sm" align="center">
        <Title order={2}>{CREATOR_STEP_COPY.detailsTitle}</Title>
        {testMode && (
          <Badge color="orange" variant="light" data-testid="test-mode-badge">
            Test mode
          </Badge>
        )}
      </Group>
      {!transcriptReady && (
        <Alert color="blue" icon={<IconClock size={18} />} data-testid="transcript-waiting">
          Waiting for the transcript of {upload.filename}; AI Suggest and Assemble Episode are available once it is ready.
        </Alert>
      )}
      {autoFill.status !== 'idle' && (
        <Alert
          color={autoFill.status === 'failed' ? 'orange' : 'teal'}
          icon={<IconSparkles size={18} />}
          data-testid="ai-autofill-notice"
          title="Auto fill with AI"
        >
          {autoFill.message}
        </Alert>
      )}
      {quotaExceeded && (
        <Alert color="red" role="alert">
          {EPISODE_CREATOR_MESSAGES.quotaExceeded}
        </Alert>
      )}
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="md">
            <AiSuggestField
              field="title"
              {...ai}
              id="details-title"
              label="Episode Title"
              value={draft.title}
              onChange={(title) => patch({ title })}
              error={shown.title}
              maxLength={ASSEMBLY.maxTitleLength}
            />
            <Group gap="sm" grow align="flex-start">
              <TextInput
                id="details-season"
                label="Season Number"
                withAsterisk
                inputMode="numeric"
                value={draft.season}
                onChange={(event) => patch({ season: event.currentTarget.value })}
              />
              <TextInput
                id="details-episodeNumber"
                label="Episode Number"
                withAsterisk
                inputMode="numeric"
                value={draft.episodeNumber}
                onChange={(event) => patch({ episodeNumber: event.currentTarget.value })}
                error={shown.episodeNumber}
              />
            </Group>
            <Checkbox
              label="Explicit content"
              checked={draft.explicit}
              onChange={(event) => patch({ explicit: event.currentTarget.checked })}
            />
            <AiSuggestField
              field="description"
              {...ai}
              id="details-description"
              value={draft.description}
              onChange={(description) => patch({ description })}
              maxLength={ASSEMBLY.maxDescriptionLength}
            />
            <AiSuggestField
              field="tags"
              {...ai}
              id="details-tags"
              value={draft.tags}
              onChange={(next) => patch({ tags: next })}
              hint={`Comma separated; up to ${ASSEMBLY.maxTags} tags of up to ${ASSEMBLY.maxTagLength} characters (${tags.length} sent).`}
            />
            <Paper withBorder p="md" radius="md" id="details-schedule" tabIndex={-1}>
              <PublishOptions draft={draft} scheduleError={shown.schedule ?? null} onChange={patch} autoPublishLocked={autoPublishLocked} />
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Stack gap="md">
            <Paper withBorder p="md" radius="md">
              <Text fw={600} mb="xs">
                Processing minutes
              </Text>
              <MinutesPanel check={minutes} />
            </Paper>
            <PublishingChecklist items={checklist} feedCheck={feedCheck.data ?? null} />
          </Stack>
        </Grid.Col>
      </Grid>
      <Group justify="space-between">
        <Button variant="default" onClick={onBack} disabled={submitting}>
          Back
        </Button>
        <Button onClick={() => void submit()} loading={submitting} disabled={blocked}>
          {CREATOR_STEP_COPY.assembleButton}
        </Button>
      </Group>
    </Stack>
  );
}
