import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';

export interface DialogActionsProps {
  onCancel: () => void;
  /** The way out's label: Cancel unless the dialog says Back, Close or Stay. */
  cancelLabel?: string;
  /** The button (or buttons) that go ahead. */
  children: ReactNode;
}

/** The foot of a dialog or form: the way out, then what goes ahead, at the right. */
export function DialogActions({ onCancel, cancelLabel = 'Cancel', children }: DialogActionsProps) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      {children}
    </Group>
  );
}
