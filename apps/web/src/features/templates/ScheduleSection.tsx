import { useState } from 'react';
import { ActionIcon, Alert, Button, Checkbox, Group, NumberInput, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { RECURRING_SCHEDULE, RECURRING_SCHEDULE_MESSAGES, describeSlot } from '@ppp/contracts';
import { DAY_NAMES, addScheduleSlots, timezones, type ScheduleDraft } from './schedule-state.ts';

interface Props {
  schedule: ScheduleDraft;
  next: { date: string | null; time: string | null; timezone: string | null } | null;
  loadFailed: boolean;
  onChange: (schedule: ScheduleDraft) => void;
}

const ZONES = timezones();

/** Recurring Publish Schedule: weekday and time slots in a timezone (0 = Monday), each with its lead time; bi-weekly and one-off slots show their dates. */
export function ScheduleSection({ schedule, next, loadFailed, onChange }: Props) {
  const [days, setDays] = useState<string[]>([]);
  const [time, setTime] = useState<string>(RECURRING_SCHEDULE.defaultTimeOfDay);
  const [advance, setAdvance] = useState<number>(RECURRING_SCHEDULE.defaultAdvanceMinutes);
  const [formError, setFormError] = useState<string | null>(null);

  function add() {
    if (days.length === 0) return setFormError('Select at least one day.');
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) return setFormError('Enter a time.');
    setFormError(null);
    onChange(addScheduleSlots(schedule, days.map(Number), time, advance));
    setDays([]);
  }

  const patchSlot = (id: string, patch: Partial<ScheduleDraft['slots'][number]>) =>
    onChange({ ...schedule, slots: schedule.slots.map((slot) => (slot.id === id ? { ...slot, ...patch } : slot)) });

  return (
    <Stack gap="sm">
      {loadFailed && <Alert color="red">{RECURRING_SCHEDULE_MESSAGES.loadFailed}</Alert>}
      <Select label="Timezone" searchable data={ZONES} value={schedule.timezone} onChange={(zone) => zone && onChange({ ...schedule, timezone: zone })} allowDeselect={false} maw={320} />
      <Checkbox.Group label="Days" value={days} onChange={setDays} error={formError}>
        <Group gap="sm" mt={4}>
          {DAY_NAMES.map((day, index) => (
            <Checkbox key={day} value={String(index)} label={day.slice(0, 3)} aria-label={day} />
          ))}
        </Group>
      </Checkbox.Group>
      <Group align="end" gap="sm">
        <TextInput type="time" label="Time" value={time} onChange={(e) => setTime(e.currentTarget.value)} required w={140} />
        <NumberInput label="Prepare (minutes ahead)" value={advance} min={0} max={RECURRING_SCHEDULE.maxAdvanceMinutes} step={15} onChange={(v) => setAdvance(typeof v === 'number' ? v : RECURRING_SCHEDULE.defaultAdvanceMinutes)} w={190} />
        <Button variant="light" onClick={add}>Add slot</Button>
      </Group>
      {schedule.slots.length === 0 ? (
        <Text size="sm" c="dimmed">No recurring slots yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing={4} aria-label="Recurring slots">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Ahead</Table.Th>
                <Table.Th>Next</Table.Th>
                <Table.Th>On</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {schedule.slots.map((slot) => (
                <Table.Tr key={slot.id}>
                  <Table.Td>{describeSlot(slot)}{slot.timezone ? ` (${slot.timezone})` : ''}</Table.Td>
                  <Table.Td>{slot.advance_minutes} min</Table.Td>
                  <Table.Td><Text size="xs" c="dimmed">{slot.enabled && slot.next_local ? slot.next_local.replace('T', ' ').slice(0, 16) : '—'}</Text></Table.Td>
                  <Table.Td><Switch size="xs" checked={slot.enabled} onChange={(e) => patchSlot(slot.id, { enabled: e.currentTarget.checked })} aria-label={`Enable ${describeSlot(slot)}`} /></Table.Td>
                  <Table.Td>
                    <ActionIcon variant="subtle" color="red" aria-label={`Remove ${describeSlot(slot)}`} onClick={() => onChange({ ...schedule, slots: schedule.slots.filter((s) => s.id !== slot.id) })}>
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {next?.date && (
        <Text size="sm" data-testid="next-publish">
          Next publish: {next.date} at {next.time} ({next.timezone})
        </Text>
      )}
    </Stack>
  );
}
