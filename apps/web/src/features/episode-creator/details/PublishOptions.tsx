import { Group, Radio, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { CREATOR_STEP_COPY, EPISODE_CREATOR } from '@ppp/contracts';
import type { DetailsDraft, PublishMode, Visibility } from './details-rules.ts';
import { snapTimeToStep } from './schedule.ts';
import { FeatureLockedNotice } from '../../billing/FeatureLockedNotice.tsx';

interface Props {
  draft: DetailsDraft;
  scheduleError: string | null;
  onChange(patch: Partial<DetailsDraft>): void;
  /** The show publishes to Spreaker and the plan lacks publishing there on its own: only a draft (published by hand later). */
  autoPublishLocked?: boolean;
}

const MODES: { value: PublishMode; label: string; hint: string }[] = [
  { value: 'now', label: 'Publish now', hint: 'Published as soon as the episode is assembled.' },
  { value: 'schedule', label: 'Schedule', hint: 'Published at the date and time you pick.' },
  { value: 'draft', label: 'Save as draft', hint: 'Kept unpublished; publish it later from Episodes.' },
];

/** Publish options (spec 000 §4): now with its visibility, schedule with date and time, or draft. */
export function PublishOptions({ draft, scheduleError, onChange, autoPublishLocked = false }: Props) {
  return (
    <Stack gap="sm">
      <Radio.Group
        value={draft.publishMode}
        onChange={(value) => onChange({ publishMode: value as PublishMode })}
        label="Publishing"
        name="publish-mode"
      >
        <Stack gap="xs" mt="xs">
          {MODES.map((mode) => (
            <Radio
              key={mode.value}
              value={mode.value}
              label={mode.label}
              description={mode.hint}
              disabled={autoPublishLocked && mode.value !== 'draft'}
            />
          ))}
        </Stack>
      </Radio.Group>
      {autoPublishLocked && <FeatureLockedNotice feature="autopublishSpreaker" compact />}
      {draft.publishMode === 'now' && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="visibility-label">
            Visibility
          </Text>
          <SegmentedControl
            aria-labelledby="visibility-label"
            value={draft.visibility}
            onChange={(value) => onChange({ visibility: value as Visibility })}
            data={[
              { value: 'public', label: CREATOR_STEP_COPY.visibilityPublic },
              { value: 'unpublished', label: CREATOR_STEP_COPY.visibilityPrivate },
            ]}
            style={{ alignSelf: 'flex-start' }}
          />
        </Stack>
      )}
      {draft.publishMode === 'schedule' && (
        <Stack gap={4}>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <TextInput
              type="date"
              label="Date"
              value={draft.scheduleDate}
              onChange={(event) => onChange({ scheduleDate: event.currentTarget.value })}
              error={Boolean(scheduleError)}
              w={180}
            />
            <TextInput
              type="time"
              label="Time"
              step={EPISODE_CREATOR.scheduleStepSeconds}
              value={draft.scheduleTime}
              onChange={(event) => onChange({ scheduleTime: event.currentTarget.value })}
              onBlur={(event) => onChange({ scheduleTime: snapTimeToStep(event.currentTarget.value) })}
              error={Boolean(scheduleError)}
              w={140}
            />
          </Group>
          {scheduleError && (
            <Text size="sm" c="red" role="alert" data-testid="schedule-error">
              {scheduleError}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            In your time zone ({Intl.DateTimeFormat().resolvedOptions().timeZone}).
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
