import { useState } from 'react';
import { Alert, Button, Group, Modal, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { schemaResolver, useForm } from '@mantine/form';
import {
  PUBLISH_LIMITS,
  PUBLISH_MESSAGES,
  VISIBILITIES,
  VISIBILITY_LABELS,
  type TPublishMode,
  type TPublishStatus,
  type TVisibility,
} from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { followPublishStatus } from './follow-publish.ts';
import { ZPublishForm, zonedSchedulePayload, type TPublishForm } from './publish-form.ts';
import { browserZone, defaultZonedSchedule, zoneOptions } from './schedule-time.ts';

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

function initialValues(mode: TPublishMode): TPublishForm {
  const zone = browserZone();
  return { mode, visibility: 'no-change', ...defaultZonedSchedule(zone) };
}

/** The dialog's form: its fields checked by the Zod schema (the schedule rules of spec 001 §5). */
function usePublishForm(initialMode: TPublishMode) {
  return useForm<TPublishForm>({
    mode: 'controlled',
    initialValues: initialValues(initialMode),
    validate: schemaResolver(ZPublishForm, { sync: true }),
    validateInputOnChange: ['date', 'time', 'zone'],
  });
}

/** The call's body for the chosen mode. */
function publishBody(values: TPublishForm) {
  if (values.mode === 'schedule') return { mode: values.mode, ...zonedSchedulePayload(values) };
  if (values.mode === 'draft') return { mode: values.mode, publish_state: 'draft' as const };
  return { mode: values.mode, publish_state: values.visibility === 'no-change' ? null : values.visibility };
}

/**
 * Publish now, schedule, or keep as draft (spec 001 §4-5, spec 000 §4): visibility applies to publish
 * now and defaults to no change; a schedule is a date and a time in the creator's time zone (the
 * browser's to start with, changeable), sent as unpublished plus its UTC moment, at least a minute
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
  return (
    <Modal opened={episode !== null} onClose={onClose} title={episode ? `Publish “${episode.title}”` : 'Publish'} centered>
      {/* Mounted afresh for each opening: the mode asked for and a time suggested from now. */}
      {episode && (
        <PublishForm key={`${episode.id}:${initialMode}`} episode={episode} initialMode={initialMode} onClose={onClose} onDone={onDone} />
      )}
    </Modal>
  );
}

function PublishForm({
  episode,
  initialMode,
  onClose,
  onDone,
}: {
  episode: PublishTarget;
  initialMode: TPublishMode;
  onClose: () => void;
  onDone: (status: TPublishStatus) => void;
}) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const publish = trpc.publishing.publish.useMutation();
  const form = usePublishForm(initialMode);
  const [failure, setFailure] = useState<string | null>(null);
  const { mode } = form.values;

  async function submit(values: TPublishForm) {
    setFailure(null);
    try {
      let status = await publish.mutateAsync({ id: episode.id, ...publishBody(values) });
      if (values.mode === 'now') {
        status = await followPublishStatus(queryClient, episode.id, () => utils.client.publishing.status.query({ id: episode.id }));
      }
      if (status.last_error) throw new Error(status.last_error);
      const message =
        values.mode === 'schedule'
          ? PUBLISH_MESSAGES.scheduled
          : values.mode === 'draft'
            ? PUBLISH_MESSAGES.draftSaved
            : status.status === 'published'
              ? 'Published'
              : 'Publish dispatched';
      notifications.show({ color: 'green', message });
      onDone(status);
    } catch (err) {
      const fallback = values.mode === 'schedule' ? PUBLISH_MESSAGES.scheduleFailed : PUBLISH_MESSAGES.publishFailed;
      setFailure(toApiFailure(err).message ?? fallback);
    }
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack>
        <SegmentedControl
          {...form.getInputProps('mode')}
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
            data={visibilityOptions(episode.visibility)}
            {...form.getInputProps('visibility')}
            allowDeselect={false}
          />
        )}
        {mode !== 'now' && (
          <Text size="sm" data-testid="publish-visibility">
            Visibility: {mode === 'schedule' ? VISIBILITY_LABELS.public : VISIBILITY_LABELS[episode.visibility]}
          </Text>
        )}
        {mode === 'schedule' && <ScheduleFields form={form} />}
        {mode === 'draft' && (
          <Text size="sm" c="dimmed">
            The episode stays unpublished; a pending schedule is cancelled.
          </Text>
        )}
        {failure && (
          <Alert color="red" title={mode === 'schedule' ? PUBLISH_MESSAGES.scheduleFailed : PUBLISH_MESSAGES.publishFailedAlert}>
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            {mode === 'now' ? 'Publish' : mode === 'schedule' ? 'Schedule' : 'Save as draft'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Date and time in the chosen zone, on the 5-minute step; the zone is the browser's until changed. */
function ScheduleFields({ form }: { form: ReturnType<typeof usePublishForm> }) {
  const { zone } = form.values;
  return (
    <Stack gap="xs">
      <SimpleGrid cols={2}>
        <TextInput type="date" label="Date" {...form.getInputProps('date')} error={form.errors.date ?? Boolean(form.errors.time)} />
        <TextInput type="time" label="Time" step={PUBLISH_LIMITS.scheduleStepMinutes * 60} {...form.getInputProps('time')} error={null} />
      </SimpleGrid>
      <Select
        label="Time zone"
        searchable
        data={zoneOptions(zone)}
        {...form.getInputProps('zone')}
        onChange={(value) => form.setFieldValue('zone', value ?? browserZone())}
        allowDeselect={false}
        description={zone === browserZone() ? 'Your browser’s time zone.' : `Your browser’s is ${browserZone()}.`}
      />
      {form.errors.time && (
        <Text size="sm" c="red" role="alert" data-testid="schedule-error">
          {form.errors.time}
        </Text>
      )}
    </Stack>
  );
}
