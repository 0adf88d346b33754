import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { ZContactMessage, contactMailto, type TContactMessage } from './contact-mail.ts';

export type ContactErrors = Partial<Record<keyof TContactMessage, string>>;

const EMPTY: TContactMessage = { name: '', email: '', company: '', topic: 'Enterprise plan', message: '' };

/** The first complaint of the contract about each field the form marks. */
function contactErrors(error: z.ZodError<z.output<typeof ZContactMessage>>): ContactErrors {
  const fields = z.flattenError(error).fieldErrors;
  const found: ContactErrors = {};
  for (const key of ['name', 'email', 'message'] as const) {
    const first = fields[key]?.[0];
    if (first) found[key] = first;
  }
  return found;
}

/** Contact Sales: the message as typed, its errors, and the submit that opens the visitor's mail app. */
export function useContactForm() {
  const [values, setValues] = useState<TContactMessage>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [opened, setOpened] = useState(false);
  const set = (key: keyof TContactMessage) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZContactMessage.safeParse(values);
    if (!parsed.success) {
      setErrors(contactErrors(parsed.error));
      return;
    }
    setErrors({});
    setOpened(true);
    window.location.href = contactMailto(parsed.data);
  }

  return { values, errors, opened, set, submit };
}
