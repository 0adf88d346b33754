import { useState } from 'react';
import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  PUBLISH_LIMITS,
  PUBLISH_MESSAGES,
  VISIBILITIES,
  VISIBILITY_LABELS,
  ZVisibility,
  type TPublishMode,
  type TPublishStatus,
  type TVisibility,
} from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { defaultScheduleValue, pollPublishStatus, scheduleError, schedulePayload } from './publish-rules.ts';

export interface PublishTarget {
  id: string;
  title: string;
  /** The visibility it has now, shown beside 'No change'. */
  visibility: TVisibility;
}

/** 'No change' names the visibility kept, then the three choices. */
function visibilityOptions(current: TVisibility) {
  return [
    { value: 'no-change', label: `No change (${VISIBILITY_LABELS[current]})` },
    ...VISIBILITIES.map((v) => ({ value: v, label: VISIBILITY_LABELS[v] })),
  ];
}

/**
 * Publish now, schedule, or keep as draft (spec 001 §4, spec 000 §4): visibility applies to publish
 * now and defaults to no change; a schedule is sent as unpublished plus a time at least a minute
 * ahead on a 5-minute step. After "now" the status is polled every 0.6 s for up to 4 s.
 */
export function PublishDialog({
  episode,
  initialMode = 'now',
  onClose,
  onDone,
}: {
  episode: PublishTarget | null;
  initialMode?: TPublishMode;
  onClose: () => void;
  onDone: (status: TPublishStatus) => void;
}) {
  const utils = trpc.useUtils();
  const publish = trpc.publishing.publish.useMutation();
  const [mode, setMode] = useState<TPublishMode>(initialMode);
  const [visibility, setVisibility] = useState('no-change');
  const [when, setWhen] = useState(defaultScheduleValue());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const whenError = mode === 'schedule' ? scheduleError(when) : null;

  async function submit() {
    if (!episode) return;
    if (whenError) return setError(whenError);
    setBusy(true);
    setError(null);
    try {
      const body =
        mode === 'schedule'
          ? { mode, ...schedulePayload(when) }
          : mode === 'draft'
            ? { mode, publish_state: 'draft' as const }
            : { mode, publish_state: visibility === 'no-change' ? null : ZVisibility.parse(visibility) };
      let status = await publish.mutateAsync({ id: episode.id, ...body });
      if (mode === 'now') status = await pollPublishStatus(() => utils.publishing.status.fetch({ id: episode.id }, { staleTime: 0 }));
      if (status.last_error) throw new Error(status.last_error);
      const message =
        mode === 'schedule'
          ? PUBLISH_MESSAGES.scheduled
          : mode === 'draft'
            ? PUBLISH_MESSAGES.draftSaved
            : status.status === 'published'
              ? 'Published'
              : 'Publish dispatched';
      notifications.show({ color: 'green', message });
      onDone(status);
    } catch (err) {
      const fallback = mode === 'schedule' ? PUBLISH_MESSAGES.scheduleFailed : PUBLISH_MESSAGES.publishFailed;
      setError(toApiFailure(err).message ?? fallback);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={episode !== null} onClose={onClose} title={episode ? `Publish “${episode.title}”` : 'Publish'} centered>
      <Stack>
        <SegmentedControl
          value={mode}
          onChange={(value) => setMode(value as TPublishMode)}
          data={[
            { value: 'now', label: 'Publish now' },
            { value: 'schedule', label: 'Schedule' },
            { value: 'draft', label: 'Draft' },
          ]}
          aria-label="Publish mode"
        />
        {mode === 'now' && (
          <Select
            label="Visibility"
            data={visibilityOptions(episode?.visibility ?? 'public')}
            value={visibility}
            onChange={(v) => setVisibility(v ?? 'no-change')}
            allowDeselect={false}
          />
        )}
        {mode !== 'now' && episode && (
          <Text size="sm" data-testid="publish-visibility">
            Visibility: {mode === 'schedule' ? VISIBILITY_LABELS.public : VISIBILITY_LABELS[episode.visibility]}
          </Text>
        )}
        {mode === 'schedule' && (
          <TextInput
            type="datetime-local"
            label="Publish at"
            description="Your local time, on a 5-minute step."
            value={when}
            step={PUBLISH_LIMITS.scheduleStepMinutes * 60}
            onChange={(e) => setWhen(e.currentTarget.value)}
            error={whenError}
          />
        )}
        {mode === 'draft' && (
          <Text size="sm" c="dimmed">
            The episode stays unpublished; a pending schedule is cancelled.
          </Text>
        )}
        {error && (
          <Alert color="red" title={mode === 'schedule' ? PUBLISH_MESSAGES.scheduleFailed : PUBLISH_MESSAGES.publishFailedAlert}>
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={busy} disabled={mode === 'schedule' && whenError !== null}>
            {mode === 'now' ? 'Publish' : mode === 'schedule' ? 'Schedule' : 'Save as draft'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
