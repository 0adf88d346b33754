import { useState, type FormEvent } from 'react';
import { notifications } from '@mantine/notifications';
import { MESSAGES, ZNameForm, type TMe } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { nameChanged, nameValuesOf, type TNameValues } from './name-form.ts';

/** Your name: the first and last name as typed, the first name's error, and the save that updates the greeting. */
export function useNameForm(me: TMe) {
  const saved = nameValuesOf(me);
  const [values, setValues] = useState<TNameValues>(saved);
  const [error, setError] = useState<string | null>(null);
  const update = trpc.users.updatePrefs.useMutation();
  const utils = trpc.useUtils();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZNameForm.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.firstNameRequired);
      return;
    }
    setError(null);
    try {
      const next = await update.mutateAsync({ first_name: parsed.data.first_name, last_name: parsed.data.last_name || null });
      utils.users.me.setData(undefined, next);
      setValues(nameValuesOf(next));
      notifications.show({ color: 'teal', title: 'Saved', message: 'Your name was updated.' });
    } catch (err) {
      notifications.show({ color: 'red', title: MESSAGES.couldNotSaveProfile, message: toApiFailure(err).message ?? MESSAGES.unexpected });
    }
  }

  return { values, setValues, error, changed: nameChanged(saved, values), submit, pending: update.isPending };
}
