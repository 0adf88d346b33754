import { useState } from 'react';
import {
  applySlotForm,
  emptySlotForm,
  slotFormFromSlot,
  type ScheduleDraft,
  type SlotFormErrors,
  type SlotFormValues,
} from './schedule-state.ts';

type Slot = ScheduleDraft['slots'][number];

/** The slot form of the Recurring Publish Schedule: its values and errors, adding a slot, and editing one in place. */
export function useSlotForm(schedule: ScheduleDraft, onChange: (schedule: ScheduleDraft) => void) {
  const [form, setForm] = useState<SlotFormValues>(emptySlotForm);
  const [errors, setErrors] = useState<SlotFormErrors>({});
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = editingId ? schedule.slots.find((slot) => slot.id === editingId) : undefined;

  const patch = (change: Partial<SlotFormValues>) => {
    setForm((current) => ({ ...current, ...change }));
    setErrors({});
  };

  function submit() {
    const result = applySlotForm(schedule, form, editing ? editing.id : null);
    if ('errors' in result) return setErrors(result.errors);
    onChange(result.schedule);
    setForm((current) => ({ ...emptySlotForm(), repeat: current.repeat, time: current.time, advance: current.advance }));
    setEditingId(null);
  }

  function startEditing(slot: Slot) {
    setForm(slotFormFromSlot(slot));
    setErrors({});
    setEditingId(slot.id);
  }

  function cancelEditing() {
    setForm(emptySlotForm());
    setErrors({});
    setEditingId(null);
  }

  return { form, errors, editing, editingId, patch, submit, startEditing, cancelEditing };
}

export type SlotForm = ReturnType<typeof useSlotForm>;
