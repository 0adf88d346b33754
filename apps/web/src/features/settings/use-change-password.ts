import { useState, type ChangeEvent, type FormEvent } from 'react';
import { notifications } from '@mantine/notifications';
import { MESSAGES, ZChangePasswordRequest } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';

const EMPTY = { current: '', next: '', confirm: '' };
export type PasswordField = keyof typeof EMPTY;
type PasswordErrors = Partial<Record<PasswordField, string>>;

/** The contract's complaints about the new password, and 'Passwords do not match.' when the confirmation differs. */
function passwordErrors(values: typeof EMPTY): PasswordErrors {
  const parsed = ZChangePasswordRequest.safeParse({ current_password: values.current, new_password: values.next });
  const found: PasswordErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] === 'current_password' ? 'current' : 'next';
      found[key] ??= issue.message;
    }
  }
  if (values.next !== values.confirm) found.confirm = 'Passwords do not match.';
  return found;
}

/** Change password: the three fields, their errors, and the submit that signs other devices out. */
export function useChangePassword() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const change = trpc.auth.changePassword.useMutation();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = passwordErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await change.mutateAsync({ current_password: values.current, new_password: values.next });
      setValues(EMPTY);
      notifications.show({ color: 'teal', title: 'Password changed', message: 'Other devices were signed out.' });
    } catch (err) {
      const failure = toApiFailure(err);
      if (failure.status === 401) setErrors({ current: failure.message ?? MESSAGES.invalidCredentials });
      else notifications.show({ color: 'red', title: MESSAGES.updateFailed, message: failure.message ?? MESSAGES.unexpected });
    }
  }

  const set = (key: PasswordField) => (e: ChangeEvent<HTMLInputElement>) => setValues({ ...values, [key]: e.currentTarget.value });

  return { values, errors, set, submit, pending: change.isPending };
}
