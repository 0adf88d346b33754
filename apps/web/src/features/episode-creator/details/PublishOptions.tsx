import { Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import { CREATOR_STEP_COPY } from '@ppp/contracts';
import { draftSchedule, type DetailsDraft, type PublishMode, type Visibility } from './details-rules.ts';
import { snapTimeToStep } from './schedule.ts';
import { ZonedScheduleFields } from '../../publishing/ZonedScheduleFields.tsx';
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

/** The three ways to publish; only 'Save as draft' is open when auto publishing is locked. */
function PublishModeChoice({ mode, onChange, locked }: { mode: PublishMode; onChange: Props['onChange']; locked: boolean }) {
  return (
    <Radio.Group value={mode} onChange={(value) => onChange({ publishMode: value as PublishMode })} label="Publishing" name="publish-mode">
      <Stack gap="xs" mt="xs">
        {MODES.map((choice) => (
          <Radio
            key={choice.value}
            value={choice.value}
            label={choice.label}
            description={choice.hint}
            disabled={locked && choice.value !== 'draft'}
          />
        ))}
      </Stack>
    </Radio.Group>
  );
}

/** Public or private, for an episode published now. */
function VisibilityChoice({ visibility, onChange }: { visibility: Visibility; onChange: Props['onChange'] }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="visibility-label">
        Visibility
      </Text>
      <SegmentedControl
        aria-labelledby="visibility-label"
        value={visibility}
        onChange={(value) => onChange({ visibility: value as Visibility })}
        data={[
          { value: 'public', label: CREATOR_STEP_COPY.visibilityPublic },
          { value: 'unpublished', label: CREATOR_STEP_COPY.visibilityPrivate },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
    </Stack>
  );
}

/** Publish options (spec 000 §4): now with its visibility, schedule with a date and time in a chosen time zone, or draft. */
export function PublishOptions({ draft, scheduleError, onChange, autoPublishLocked = false }: Props) {
  return (
    <Stack gap="sm">
      <PublishModeChoice mode={draft.publishMode} onChange={onChange} locked={autoPublishLocked} />
      {autoPublishLocked && <FeatureLockedNotice feature="autopublishSpreaker" compact />}
      {draft.publishMode === 'now' && <VisibilityChoice visibility={draft.visibility} onChange={onChange} />}
      {draft.publishMode === 'schedule' && (
        <ZonedScheduleFields
          value={draftSchedule(draft)}
          onChange={(patch) =>
            onChange({
              ...(patch.date !== undefined && { scheduleDate: patch.date }),
              ...(patch.time !== undefined && { scheduleTime: patch.time }),
              ...(patch.zone !== undefined && { scheduleZone: patch.zone }),
            })
          }
          error={scheduleError}
          snapTime={snapTimeToStep}
        />
      )}
    </Stack>
  );
}
