import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { RECURRING_SCHEDULE, RECURRING_SCHEDULE_MESSAGES, WEEKDAY_NAMES, describeSlot, type TSlotRepeat } from '@ppp/contracts';
import {
  applySlotForm,
  emptySlotForm,
  slotFormFromSlot,
  browserTimezone,
  timezones,
  type ScheduleDraft,
  type SlotFormErrors,
  type SlotFormValues,
} from './schedule-state.ts';

interface Props {
  schedule: ScheduleDraft;
  next: { date: string | null; time: string | null; timezone: string | null } | null;
  loadFailed: boolean;
  onChange: (schedule: ScheduleDraft) => void;
}

const ZONES = timezones();
const OWN_ZONE = browserTimezone();

const REPEATS: { value: TSlotRepeat; label: string }[] = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'biweekly', label: 'Every 2 weeks' },
  { value: 'once', label: 'Once' },
];

/** Recurring Publish Schedule: slots in a timezone that repeat weekly on weekdays (0 = Monday), every two weeks from a date or once on a date, each with its lead time; a slot is edited in the same form. */
export function ScheduleSection({ schedule, next, loadFailed, onChange }: Props) {
  const [form, setForm] = useState<SlotFormValues>(emptySlotForm);
  const [errors, setErrors] = useState<SlotFormErrors>({});
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = editingId ? schedule.slots.find((slot) => slot.id === editingId) : undefined;

  const patchForm = (patch: Partial<SlotFormValues>) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors({});
  };

  function submit() {
    const result = applySlotForm(schedule, form, editing ? editing.id : null);
    if ('errors' in result) return setErrors(result.errors);
    onChange(result.schedule);
    setForm((current) => ({ ...emptySlotForm(), repeat: current.repeat, time: current.time, advance: current.advance }));
    setEditingId(null);
  }

  function startEditing(slot: ScheduleDraft['slots'][number]) {
    setForm(slotFormFromSlot(slot));
    setErrors({});
    setEditingId(slot.id);
  }

  function cancelEditing() {
    setForm(emptySlotForm());
    setErrors({});
    setEditingId(null);
  }

  const patchSlot = (id: string, patch: Partial<ScheduleDraft['slots'][number]>) =>
    onChange({ ...schedule, slots: schedule.slots.map((slot) => (slot.id === id ? { ...slot, ...patch } : slot)) });

  return (
    <Stack gap="sm">
      {loadFailed && <Alert color="red">{RECURRING_SCHEDULE_MESSAGES.loadFailed}</Alert>}
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
      {editing && (
        <Text size="sm" fw={500}>
          Editing: {describeSlot(editing)}
        </Text>
      )}
      <Stack gap={4}>
        <Text size="sm" fw={500} id="slot-repeats-label">
          Repeats
        </Text>
        <SegmentedControl
          aria-labelledby="slot-repeats-label"
          data={REPEATS}
          value={form.repeat}
          onChange={(value) => patchForm({ repeat: value as TSlotRepeat })}
          w="fit-content"
        />
      </Stack>
      {form.repeat === 'weekly' ? (
        <Checkbox.Group
          label="Days"
          value={form.days.map(String)}
          onChange={(values) => patchForm({ days: values.map(Number) })}
          error={errors.days}
        >
          <Group gap="sm" mt={4}>
            {WEEKDAY_NAMES.map((day, index) => (
              <Checkbox key={day} value={String(index)} label={day.slice(0, 3)} aria-label={day} />
            ))}
          </Group>
        </Checkbox.Group>
      ) : null}
      <Group align="start" gap="sm" preventGrowOverflow={false}>
        {form.repeat !== 'weekly' && (
          <TextInput
            type="date"
            label={form.repeat === 'biweekly' ? 'First date' : 'Date'}
            value={form.date}
            onChange={(e) => patchForm({ date: e.currentTarget.value })}
            error={errors.date}
            required
            w={150}
          />
        )}
        <TextInput
          type="time"
          label="Time"
          value={form.time}
          onChange={(e) => patchForm({ time: e.currentTarget.value })}
          error={errors.time}
          required
          w={130}
        />
        <NumberInput
          label="Prepare (minutes ahead)"
          value={form.advance}
          min={0}
          max={RECURRING_SCHEDULE.maxAdvanceMinutes}
          step={15}
          onChange={(v) => patchForm({ advance: typeof v === 'number' ? v : RECURRING_SCHEDULE.defaultAdvanceMinutes })}
          w={200}
        />
        <Group gap="xs" mt={25}>
          <Button variant="light" onClick={submit}>
            {editing ? 'Update slot' : 'Add slot'}
          </Button>
          {editing && (
            <Button variant="subtle" onClick={cancelEditing}>
              Cancel
            </Button>
          )}
        </Group>
      </Group>
      {schedule.slots.length === 0 ? (
        <Text size="sm" c="dimmed">
          No recurring slots yet.
        </Text>
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
                <Table.Tr key={slot.id} bg={slot.id === editingId ? 'var(--mantine-color-blue-light)' : undefined}>
                  <Table.Td>
                    {describeSlot(slot)}
                    {slot.timezone ? ` (${slot.timezone})` : ''}
                  </Table.Td>
                  <Table.Td>{slot.advance_minutes} min</Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {slot.enabled && slot.next_local ? slot.next_local.replace('T', ' ').slice(0, 16) : '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      size="xs"
                      checked={slot.enabled}
                      onChange={(e) => patchSlot(slot.id, { enabled: e.currentTarget.checked })}
                      aria-label={`Enable ${describeSlot(slot)}`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon variant="subtle" aria-label={`Edit ${describeSlot(slot)}`} onClick={() => startEditing(slot)}>
                        <IconPencil size={14} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${describeSlot(slot)}`}
                        onClick={() => {
                          if (slot.id === editingId) cancelEditing();
                          onChange({ ...schedule, slots: schedule.slots.filter((s) => s.id !== slot.id) });
                        }}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Group>
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
