import { Alert } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import type { TDialogMessage } from './sign-in-messages.ts';

/** Errors are announced at once (role alert); information politely. */
export function DialogMessage({ message }: { message: TDialogMessage | null }) {
  if (!message) return null;
  const isError = message.kind === 'error';
  return (
    <Alert
      color={isError ? 'red' : 'blue'}
      variant="light"
      icon={isError ? <IconAlertCircle size={18} /> : <IconInfoCircle size={18} />}
      role={isError ? 'alert' : 'status'}
      data-testid={isError ? 'dialog-error' : 'dialog-info'}
    >
      {message.text}
    </Alert>
  );
}
