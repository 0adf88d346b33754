import type { ReactNode } from 'react';
import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { PUBLISH_LIMITS } from '@ppp/contracts';
import { browserZone, inViewerZone, zoneOptions, type TZonedTime } from './schedule-time.ts';

/** A searchable picker of every IANA time zone the browser knows; the browser's own is named below it. */
export function TimeZoneSelect({
  value,
  onChange,
  label = 'Time zone',
}: {
  value: string;
  onChange: (zone: string) => void;
  label?: string;
}) {
  const own = browserZone();
  return (
    <Select
      label={label}
      searchable
      data={zoneOptions(value)}
      value={value}
      onChange={(zone) => onChange(zone ?? own)}
      allowDeselect={false}
      nothingFoundMessage="No such time zone"
      description={value === own ? 'Your browser’s time zone.' : `Your browser’s is ${own}.`}
    />
  );
}

interface Props {
  value: TZonedTime;
  onChange: (patch: Partial<TZonedTime>) => void;
  /** The schedule's problem in the caller's words; the date and time are marked and it is shown below. */
  error: ReactNode;
  /** Moves a time typed off the 5-minute grid onto it when the field is left. */
  snapTime?: (time: string) => string;
}

/**
 * A schedule as the creator picks it (issue 19): a date, a time on the 5-minute step and the time
 * zone they are in, the same in the Episode Creator and the publish dialog. When the zone is not the
 * browser's, the moment is also shown on the creator's own clock.
 */
export function ZonedScheduleFields({ value, onChange, error, snapTime }: Props) {
  const own = inViewerZone(value);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={2}>
        <TextInput
          type="date"
          label="Date"
          value={value.date}
          onChange={(e) => onChange({ date: e.currentTarget.value })}
          error={Boolean(error)}
        />
        <TextInput
          type="time"
          label="Time"
          step={PUBLISH_LIMITS.scheduleStepMinutes * 60}
          value={value.time}
          onChange={(e) => onChange({ time: e.currentTarget.value })}
          onBlur={snapTime ? (e) => onChange({ time: snapTime(e.currentTarget.value) }) : undefined}
          error={Boolean(error)}
        />
      </SimpleGrid>
      <TimeZoneSelect value={value.zone} onChange={(zone) => onChange({ zone })} />
      {error && (
        <Text size="sm" c="red" role="alert" data-testid="schedule-error">
          {error}
        </Text>
      )}
      {own && !error && (
        <Text size="xs" c="dimmed" data-testid="schedule-own-clock">
          That is {own} on your clock.
        </Text>
      )}
    </Stack>
  );
}
