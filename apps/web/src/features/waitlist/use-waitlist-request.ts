import { useState, type FormEvent } from 'react';
import { notifications } from '@mantine/notifications';
import { MESSAGES, ZWaitlistRequest } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';

/** Request access: the email (the account's to begin with) and note as typed, the email's error, and the request. */
export function useWaitlistRequest(initialEmail: string) {
  const [email, setEmail] = useState(initialEmail);
  const [note, setNote] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const waitlist = trpc.public.waitlist.useMutation();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) {
      setEmailError(MESSAGES.emailRequired);
      return;
    }
    const parsed = ZWaitlistRequest.safeParse({ email, note: note || null });
    if (!parsed.success) {
      setEmailError(MESSAGES.invalidFormat);
      return;
    }
    setEmailError(null);
    try {
      await waitlist.mutateAsync(parsed.data);
      notifications.show({ color: 'teal', title: MESSAGES.waitlistSuccessTitle, message: MESSAGES.waitlistSuccessBody });
    } catch (err) {
      const failure = toApiFailure(err);
      notifications.show(
        failure.network
          ? { color: 'red', title: MESSAGES.networkErrorTitle, message: MESSAGES.networkErrorBody }
          : { color: 'red', title: MESSAGES.waitlistFailedTitle, message: failure.message ?? MESSAGES.waitlistFailedBody },
      );
    }
  }

  return { email, setEmail, note, setNote, emailError, submit, pending: waitlist.isPending };
}
