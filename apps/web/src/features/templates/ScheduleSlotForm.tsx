import { Button, Checkbox, Group, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { RECURRING_SCHEDULE, WEEKDAY_NAMES, describeSlot, type TSlotRepeat } from '@ppp/contracts';
import type { SlotForm } from './use-slot-form.ts';

const REPEATS: { value: TSlotRepeat; label: string }[] = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'biweekly', label: 'Every 2 weeks' },
  { value: 'once', label: 'Once' },
];

/** The form that adds a slot or edits the chosen one: how it repeats, its days or date, its time and lead time. */
export function ScheduleSlotForm({ slotForm }: { slotForm: SlotForm }) {
  const { form, errors, editing, patch } = slotForm;
  return (
    <>
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
          onChange={(value) => patch({ repeat: value as TSlotRepeat })}
          w="fit-content"
        />
      </Stack>
      {form.repeat === 'weekly' ? (
        <Checkbox.Group
          label="Days"
          value={form.days.map(String)}
          onChange={(values) => patch({ days: values.map(Number) })}
          error={errors.days}
        >
          <Group gap="sm" mt={4}>
            {WEEKDAY_NAMES.map((day, index) => (
              <Checkbox key={day} value={String(index)} label={day.slice(0, 3)} aria-label={day} />
            ))}
          </Group>
        </Checkbox.Group>
      ) : null}
      <SlotWhen slotForm={slotForm} />
    </>
  );
}

/** The slot's date (unless weekly), time and lead time, with the add or update button. */
function SlotWhen({ slotForm }: { slotForm: SlotForm }) {
  const { form, errors, editing, patch, submit, cancelEditing } = slotForm;
  return (
    <Group align="start" gap="sm" preventGrowOverflow={false}>
      {form.repeat !== 'weekly' && (
        <TextInput
          type="date"
          label={form.repeat === 'biweekly' ? 'First date' : 'Date'}
          value={form.date}
          onChange={(e) => patch({ date: e.currentTarget.value })}
          error={errors.date}
          required
          w={150}
        />
      )}
      <TextInput
        type="time"
        label="Time"
        value={form.time}
        onChange={(e) => patch({ time: e.currentTarget.value })}
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
        onChange={(v) => patch({ advance: typeof v === 'number' ? v : RECURRING_SCHEDULE.defaultAdvanceMinutes })}
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
  );
}
