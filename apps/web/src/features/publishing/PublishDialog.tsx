import { Alert, Button, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  PUBLISH_MESSAGES,
  VISIBILITIES,
  VISIBILITY_LABELS,
  type TPublishMode,
  type TPublishStatus,
  type TVisibility,
} from '@ppp/contracts';
import { DialogActions } from '@ppp/ui';
import { ZPublishForm, type TPublishForm } from './publish-form.ts';
import { usePublishSubmit } from './use-publish-submit.ts';
import { browserZone, defaultZonedSchedule, formatScheduled, scheduledZone, toZoned, type TZonedTime } from './schedule-time.ts';
import { ZonedScheduleFields } from './ZonedScheduleFields.tsx';

export interface PublishTarget {
  id: string;
  title: string;
  /** The visibility it has now, shown beside 'No change'. */
  visibility: TVisibility;
  /** A scheduled episode: its status with the moment and the local wording it was scheduled with, to change it from. */
  status?: string;
  publish_at?: Date | null;
  publish_at_local?: string | null;
}

/** The schedule a target has now, or null when it is not scheduled. */
export function currentSchedule(target: PublishTarget): { at: Date; local: string | null } | null {
  return target.status === 'scheduled' && target.publish_at ? { at: target.publish_at, local: target.publish_at_local ?? null } : null;
}

/** 'No change' names the visibility kept, then the three choices. */
function visibilityOptions(current: TVisibility) {
  return [
    { value: 'no-change', label: `No change (${VISIBILITY_LABELS[current]})` },
    ...VISIBILITIES.map((v) => ({ value: v, label: VISIBILITY_LABELS[v] })),
  ];
}

/** A scheduled episode's dialog starts from its schedule, in the zone it was scheduled in; others from the suggestion. */
function initialValues(mode: TPublishMode, target: PublishTarget): TPublishForm {
  const scheduled = currentSchedule(target);
  const schedule = scheduled ? toZoned(scheduled.at, scheduledZone(scheduled.local)) : defaultZonedSchedule(browserZone());
  return { mode, visibility: 'no-change', ...schedule };
}

/** The dialog's form: its fields checked by the Zod schema (the schedule rules of spec 001 §5). */
function usePublishForm(initialMode: TPublishMode, target: PublishTarget) {
  return useForm<TPublishForm>({
    mode: 'controlled',
    initialValues: initialValues(initialMode, target),
    validate: schemaResolver(ZPublishForm, { sync: true }),
    validateInputOnChange: ['date', 'time', 'zone'],
  });
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
  failureTitle = PUBLISH_MESSAGES.publishFailed,
}: {
  episode: PublishTarget | null;
  initialMode?: TPublishMode;
  onClose: () => void;
  onDone: (status: TPublishStatus) => void;
  /** The failed publish's alert title: spec 001's 'Failed to publish' unless a screen of spec 000 gives its 'Publish failed'. */
  failureTitle?: string;
}) {
  return (
    <Modal opened={episode !== null} onClose={onClose} title={episode ? `Publish “${episode.title}”` : 'Publish'} centered>
      {/* Mounted afresh for each opening: the mode asked for and a time suggested from now. */}
      {episode && (
        <PublishForm
          key={`${episode.id}:${initialMode}`}
          episode={episode}
          initialMode={initialMode}
          onClose={onClose}
          onDone={onDone}
          failureTitle={failureTitle}
        />
      )}
    </Modal>
  );
}

type PublishFormState = ReturnType<typeof usePublishForm>;

/** The mode, then what it asks: the visibility for now, the schedule, or what a draft means. */
function PublishModeFields({ form, episode }: { form: PublishFormState; episode: PublishTarget }) {
  const { mode } = form.values;
  return (
    <>
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
    </>
  );
}

interface PublishFormProps {
  episode: PublishTarget;
  initialMode: TPublishMode;
  onClose: () => void;
  onDone: (status: TPublishStatus) => void;
  failureTitle: string;
}

function PublishForm({ episode, initialMode, onClose, onDone, failureTitle }: PublishFormProps) {
  const form = usePublishForm(initialMode, episode);
  const { failure, submit } = usePublishSubmit(episode.id, onDone);
  const scheduled = currentSchedule(episode);
  const { mode } = form.values;
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack>
        {scheduled && (
          <Text size="sm" data-testid="publish-current-schedule">
            Scheduled for {formatScheduled(scheduled.at, scheduled.local)}. Publish it now, or pick another time.
          </Text>
        )}
        <PublishModeFields form={form} episode={episode} />
        {failure && (
          <Alert color="red" title={mode === 'schedule' ? PUBLISH_MESSAGES.scheduleFailed : failureTitle}>
            {failure}
          </Alert>
        )}
        <DialogActions onCancel={onClose}>
          <Button type="submit" loading={form.submitting}>
            {mode === 'now' ? 'Publish' : mode === 'schedule' ? 'Schedule' : 'Save as draft'}
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}

/** Date, time and zone (the browser's until changed), each change checked at once. */
function ScheduleFields({ form }: { form: PublishFormState }) {
  const { date, time, zone } = form.values;
  return (
    <ZonedScheduleFields
      value={{ date, time, zone }}
      onChange={(patch) => {
        for (const [field, value] of Object.entries(patch)) form.setFieldValue(field as keyof TZonedTime, value);
      }}
      error={form.errors.time ?? form.errors.date}
    />
  );
}
