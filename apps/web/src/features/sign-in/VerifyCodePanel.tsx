import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { AUTH, MESSAGES } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { DialogMessage } from './DialogMessage.tsx';
import {
  changeEmailFailureMessage,
  changeEmailProblem,
  confirmCodeFailureMessage,
  normaliseCodeInput,
  resendFailureMessage,
  type TDialogMessage,
} from './sign-in-messages.ts';

export interface VerifyCodePanelProps {
  email: string;
  /** Shown first, e.g. why we are asking for a code. */
  initialMessage?: TDialogMessage | null;
  onVerified: () => void | Promise<void>;
  onEmailChanged: (email: string) => void;
  onCancel: () => void;
}

/** Verify mode (spec 002 sections 2.6 and 8): a 6-digit code with resend, change email and cancel. */
export function VerifyCodePanel({ email, initialMessage = null, onVerified, onEmailChanged, onCancel }: VerifyCodePanelProps) {
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [message, setMessage] = useState<TDialogMessage | null>(initialMessage);
  const [changing, setChanging] = useState(false);
  const [newEmail, setNewEmail] = useState('');
  const [newEmailError, setNewEmailError] = useState<string | null>(null);
  const confirm = trpc.auth.confirmEmail.useMutation();
  const resend = trpc.auth.resendVerification.useMutation();
  const updateEmail = trpc.auth.updatePendingEmail.useMutation();

  async function submitCode(e: FormEvent) {
    e.preventDefault();
    if (code.length !== AUTH.verificationCodeLength) {
      setCodeError(`Enter the ${AUTH.verificationCodeLength}-digit code from your email.`);
      return;
    }
    setCodeError(null);
    setMessage(null);
    try {
      await confirm.mutateAsync({ email, code });
    } catch (err) {
      setMessage(confirmCodeFailureMessage(toApiFailure(err)));
      return;
    }
    await onVerified();
  }

  async function resendCode() {
    setMessage(null);
    try {
      await resend.mutateAsync({ email });
      setMessage({ kind: 'info', text: MESSAGES.codeResent });
    } catch (err) {
      setMessage(resendFailureMessage(toApiFailure(err)));
    }
  }

  async function submitNewEmail(e: FormEvent) {
    e.preventDefault();
    const problem = changeEmailProblem(email, newEmail);
    if (problem) {
      setNewEmailError(problem);
      return;
    }
    setNewEmailError(null);
    setMessage(null);
    const next = newEmail.trim().toLowerCase();
    try {
      await updateEmail.mutateAsync({ old_email: email, new_email: next });
    } catch (err) {
      setMessage(changeEmailFailureMessage(toApiFailure(err)));
      return;
    }
    setChanging(false);
    setNewEmail('');
    setCode('');
    onEmailChanged(next);
    setMessage({ kind: 'info', text: MESSAGES.codeResent });
  }

  if (changing) {
    return (
      <form onSubmit={submitNewEmail} noValidate>
        <Stack gap="md">
          <Text size="sm">
            The code went to <strong>{email}</strong>. Enter the right address and we will send a new code there.
          </Text>
          <DialogMessage message={message} />
          <TextInput
            label="New email"
            type="email"
            autoComplete="email"
            value={newEmail}
            onChange={(e) => setNewEmail(e.currentTarget.value)}
            error={newEmailError}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setChanging(false)}>
              Back
            </Button>
            <Button type="submit" loading={updateEmail.isPending}>
              Update email
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={submitCode} noValidate>
      <Stack gap="md">
        <Text size="sm">
          We sent a {AUTH.verificationCodeLength}-digit code to <strong>{email}</strong>. It expires in 15 minutes.
        </Text>
        <DialogMessage message={message} />
        <TextInput
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          maxLength={AUTH.verificationCodeLength}
          value={code}
          onChange={(e) => setCode(normaliseCodeInput(e.currentTarget.value))}
          error={codeError}
          required
          data-autofocus
          styles={{ input: { letterSpacing: '0.4em', fontSize: 'var(--mantine-font-size-lg)' } }}
        />
        <Button type="submit" fullWidth loading={confirm.isPending}>
          Verify
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={resendCode} disabled={resend.isPending}>
            Resend code
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={() => setChanging(true)}>
            Change email
          </Anchor>
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onCancel}>
            Cancel
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
