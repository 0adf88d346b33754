import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { AUTH, MESSAGES } from '@ppp/contracts';
import { DialogActions } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { EmailField } from './EmailField.tsx';
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

type SetMessage = (message: TDialogMessage | null) => void;

/** Verify mode (spec 002 sections 2.6 and 8): a 6-digit code with resend, change email and cancel. */
export function VerifyCodePanel({ email, initialMessage = null, onVerified, onEmailChanged, onCancel }: VerifyCodePanelProps) {
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<TDialogMessage | null>(initialMessage);
  const [changing, setChanging] = useState(false);

  if (changing) {
    return (
      <ChangeEmailForm
        email={email}
        message={message}
        onMessage={setMessage}
        onBack={() => setChanging(false)}
        onChanged={(next) => {
          setChanging(false);
          setCode('');
          onEmailChanged(next);
          setMessage({ kind: 'info', text: MESSAGES.codeResent });
        }}
      />
    );
  }
  return (
    <CodeForm
      email={email}
      code={code}
      onCode={setCode}
      message={message}
      onMessage={setMessage}
      onVerified={onVerified}
      onChangeEmail={() => setChanging(true)}
      onCancel={onCancel}
    />
  );
}

interface CodeFormProps {
  email: string;
  code: string;
  onCode: (code: string) => void;
  message: TDialogMessage | null;
  onMessage: SetMessage;
  onVerified: () => void | Promise<void>;
  onChangeEmail: () => void;
  onCancel: () => void;
}

/** Confirming the code, and sending a new one. */
function useCodeActions(email: string, onMessage: SetMessage, onVerified: () => void | Promise<void>) {
  const confirm = trpc.auth.confirmEmail.useMutation();
  const resend = trpc.auth.resendVerification.useMutation();
  async function confirmCode(code: string) {
    onMessage(null);
    try {
      await confirm.mutateAsync({ email, code });
    } catch (err) {
      onMessage(confirmCodeFailureMessage(toApiFailure(err)));
      return;
    }
    await onVerified();
  }
  async function resendCode() {
    onMessage(null);
    try {
      await resend.mutateAsync({ email });
      onMessage({ kind: 'info', text: MESSAGES.codeResent });
    } catch (err) {
      onMessage(resendFailureMessage(toApiFailure(err)));
    }
  }
  return { confirmCode, resendCode, confirming: confirm.isPending, resending: resend.isPending };
}

/** The code the email carried, Verify, and Resend code, Change email and Cancel. */
function CodeForm({ email, code, onCode, message, onMessage, onVerified, onChangeEmail, onCancel }: CodeFormProps) {
  const [codeError, setCodeError] = useState<string | null>(null);
  const actions = useCodeActions(email, onMessage, onVerified);

  async function submitCode(e: FormEvent) {
    e.preventDefault();
    if (code.length !== AUTH.verificationCodeLength) {
      setCodeError(`Enter the ${AUTH.verificationCodeLength}-digit code from your email.`);
      return;
    }
    setCodeError(null);
    await actions.confirmCode(code);
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
          onChange={(e) => onCode(normaliseCodeInput(e.currentTarget.value))}
          error={codeError}
          required
          data-autofocus
          styles={{ input: { letterSpacing: '0.4em', fontSize: 'var(--mantine-font-size-lg)' } }}
        />
        <Button type="submit" fullWidth loading={actions.confirming}>
          Verify
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor component="button" type="button" size="sm" onClick={actions.resendCode} disabled={actions.resending}>
            Resend code
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onChangeEmail}>
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

interface ChangeEmailProps {
  email: string;
  message: TDialogMessage | null;
  onMessage: SetMessage;
  onBack: () => void;
  onChanged: (email: string) => void;
}

/** 'Change email': the right address, where a new code is sent. */
function ChangeEmailForm({ email, message, onMessage, onBack, onChanged }: ChangeEmailProps) {
  const [newEmail, setNewEmail] = useState('');
  const [newEmailError, setNewEmailError] = useState<string | null>(null);
  const updateEmail = trpc.auth.updatePendingEmail.useMutation();

  async function submitNewEmail(e: FormEvent) {
    e.preventDefault();
    const problem = changeEmailProblem(email, newEmail);
    setNewEmailError(problem);
    if (problem) return;
    onMessage(null);
    const next = newEmail.trim().toLowerCase();
    try {
      await updateEmail.mutateAsync({ old_email: email, new_email: next });
    } catch (err) {
      onMessage(changeEmailFailureMessage(toApiFailure(err)));
      return;
    }
    onChanged(next);
  }

  return (
    <form onSubmit={submitNewEmail} noValidate>
      <Stack gap="md">
        <Text size="sm">
          The code went to <strong>{email}</strong>. Enter the right address and we will send a new code there.
        </Text>
        <DialogMessage message={message} />
        <EmailField label="New email" value={newEmail} onChange={setNewEmail} error={newEmailError} />
        <DialogActions onCancel={onBack} cancelLabel="Back">
          <Button type="submit" loading={updateEmail.isPending}>
            Update email
          </Button>
        </DialogActions>
      </Stack>
    </form>
  );
}
