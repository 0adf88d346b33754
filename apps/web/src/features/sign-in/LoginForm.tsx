import { useState, type FormEvent } from 'react';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { ZLoginRequest } from '@ppp/contracts';
import { toApiFailure } from '../../lib/api-error.ts';
import { useSignIn } from '../../lib/use-session.ts';
import { DialogMessage } from './DialogMessage.tsx';
import { EmailField } from './EmailField.tsx';
import { fieldErrors } from './first-issue.ts';
import { loginFailureMessage, type TDialogMessage } from './sign-in-messages.ts';

export interface LoginFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  initialMessage: TDialogMessage | null;
  onSignedIn: () => void;
  /** The account exists but its email is unconfirmed: continue in verify mode. */
  onNeedsVerification: (email: string, password: string, message: TDialogMessage) => void;
}

export function LoginForm({ email, onEmailChange, initialMessage, onSignedIn, onNeedsVerification }: LoginFormProps) {
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<TDialogMessage | null>(initialMessage);
  const { signIn, pending } = useSignIn();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = ZLoginRequest.safeParse({ username: email, password });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors({ email: found.username ?? '', password: found.password ?? '' });
      return;
    }
    setErrors({});
    setMessage(null);
    try {
      await signIn(parsed.data.username, password);
      onSignedIn();
    } catch (err) {
      const outcome = loginFailureMessage(toApiFailure(err));
      if (outcome.toVerify) onNeedsVerification(parsed.data.username, password, outcome);
      else setMessage(outcome);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <DialogMessage message={message} />
        <EmailField value={email} onChange={onEmailChange} error={errors.email} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password || null}
          required
        />
        <Button type="submit" fullWidth loading={pending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
