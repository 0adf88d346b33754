import { ActionIcon, Group, Switch, Table, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { describeSlot } from '@ppp/contracts';
import { DataTable } from '@ppp/ui';
import type { ScheduleDraft } from './schedule-state.ts';
import type { SlotForm } from './use-slot-form.ts';

type Slot = ScheduleDraft['slots'][number];

interface Props {
  schedule: ScheduleDraft;
  onChange: (schedule: ScheduleDraft) => void;
  slotForm: SlotForm;
}

/** The schedule's slots: when, how far ahead, the next time, on or off, edit and remove. */
export function ScheduleSlotTable({ schedule, onChange, slotForm }: Props) {
  if (schedule.slots.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No recurring slots yet.
      </Text>
    );
  const patchSlot = (id: string, patch: Partial<Slot>) =>
    onChange({ ...schedule, slots: schedule.slots.map((slot) => (slot.id === id ? { ...slot, ...patch } : slot)) });
  const removeSlot = (slot: Slot) => {
    if (slot.id === slotForm.editingId) slotForm.cancelEditing();
    onChange({ ...schedule, slots: schedule.slots.filter((s) => s.id !== slot.id) });
  };
  return (
    <DataTable label="Recurring slots" minWidth={420} verticalSpacing={4} columns={['When', 'Ahead', 'Next', 'On', '']}>
      {schedule.slots.map((slot) => (
        <SlotRow
          key={slot.id}
          slot={slot}
          editing={slot.id === slotForm.editingId}
          onToggle={(enabled) => patchSlot(slot.id, { enabled })}
          onEdit={() => slotForm.startEditing(slot)}
          onRemove={() => removeSlot(slot)}
        />
      ))}
    </DataTable>
  );
}

interface RowProps {
  slot: Slot;
  editing: boolean;
  onToggle: (enabled: boolean) => void;
  onEdit: () => void;
  onRemove: () => void;
}

function SlotRow({ slot, editing, onToggle, onEdit, onRemove }: RowProps) {
  const described = describeSlot(slot);
  return (
    <Table.Tr bg={editing ? 'var(--mantine-color-blue-light)' : undefined}>
      <Table.Td>
        {described}
        {slot.timezone ? ` (${slot.timezone})` : ''}
      </Table.Td>
      <Table.Td>{slot.advance_minutes} min</Table.Td>
      <Table.Td>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {slot.enabled && slot.next_local ? slot.next_local.replace('T', ' ').slice(0, 16) : '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Switch size="xs" checked={slot.enabled} onChange={(e) => onToggle(e.currentTarget.checked)} aria-label={`Enable ${described}`} />
      </Table.Td>
      <Table.Td>
        <Group gap={2} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={`Edit ${described}`} onClick={onEdit}>
            <IconPencil size={14} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${described}`} onClick={onRemove}>
            <IconTrash size={14} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
