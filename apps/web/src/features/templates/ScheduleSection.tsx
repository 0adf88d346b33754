import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { RECURRING_SCHEDULE_MESSAGES } from '@ppp/contracts';
import { browserTimezone, timezones, type ScheduleDraft } from './schedule-state.ts';
import { useSlotForm } from './use-slot-form.ts';
import { ScheduleSlotForm } from './ScheduleSlotForm.tsx';
import { ScheduleSlotTable } from './ScheduleSlotTable.tsx';

interface Props {
  schedule: ScheduleDraft;
  next: { date: string | null; time: string | null; timezone: string | null } | null;
  loadFailed: boolean;
  onChange: (schedule: ScheduleDraft) => void;
}

const ZONES = timezones();
const OWN_ZONE = browserTimezone();

/** Recurring Publish Schedule: slots in a timezone that repeat weekly on weekdays (0 = Monday), every two weeks from a date or once on a date, each with its lead time; a slot is edited in the same form. */
export function ScheduleSection({ schedule, next, loadFailed, onChange }: Props) {
  const slotForm = useSlotForm(schedule, onChange);
  return (
    <Stack gap="sm">
      {loadFailed && <Alert color="red">{RECURRING_SCHEDULE_MESSAGES.loadFailed}</Alert>}
      <TimezonePicker schedule={schedule} onChange={onChange} />
      <ScheduleSlotForm slotForm={slotForm} />
      <ScheduleSlotTable schedule={schedule} onChange={onChange} slotForm={slotForm} />
      {next?.date && (
        <Text size="sm" data-testid="next-publish">
          Next publish: {next.date} at {next.time} ({next.timezone})
        </Text>
      )}
    </Stack>
  );
}

/** The schedule's timezone, with a shortcut to the browser's own. */
function TimezonePicker({ schedule, onChange }: Pick<Props, 'schedule' | 'onChange'>) {
  return (
    <Group gap="sm" align="flex-end">
      <Select
        label="Timezone"
        searchable
        data={ZONES}
        value={schedule.timezone}
        onChange={(zone) => zone && onChange({ ...schedule, timezone: zone })}
        allowDeselect={false}
        maw={320}
      />
      {OWN_ZONE !== schedule.timezone && (
        <Button variant="subtle" size="compact-sm" mb={6} onClick={() => onChange({ ...schedule, timezone: OWN_ZONE })}>
          Use my timezone ({OWN_ZONE})
        </Button>
      )}
    </Group>
  );
}
