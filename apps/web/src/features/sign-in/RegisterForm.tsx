import { useState, type FormEvent } from 'react';
import { Anchor, Button, Checkbox, PasswordInput, Stack } from '@mantine/core';
import { AUTH, TERMS, type TRegisterRequest } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { useSignIn } from '../../lib/use-session.ts';
import { DialogMessage } from './DialogMessage.tsx';
import { EmailField } from './EmailField.tsx';
import { checkRegisterFields } from './register-input.ts';
import { loginFailureMessage, registerFailureMessage, type TDialogMessage } from './sign-in-messages.ts';

export interface RegisterFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onSignedIn: () => void;
  /** The new account is inactive: continue in verify mode with these credentials. */
  onNeedsVerification: (email: string, password: string) => void;
}

/** Creating the account; an active one is signed in at once, an inactive one goes on to the code. */
function useRegister({ onSignedIn, onNeedsVerification }: Pick<RegisterFormProps, 'onSignedIn' | 'onNeedsVerification'>) {
  const [message, setMessage] = useState<TDialogMessage | null>(null);
  const register = trpc.auth.register.useMutation();
  const { signIn, pending: signingIn } = useSignIn();

  async function createAccount(input: TRegisterRequest, email: string, password: string) {
    setMessage(null);
    let isActive: boolean;
    try {
      isActive = (await register.mutateAsync(input)).is_active;
    } catch (err) {
      setMessage(registerFailureMessage(toApiFailure(err)));
      return;
    }
    if (!isActive) {
      onNeedsVerification(email, password);
      return;
    }
    try {
      await signIn(email, password);
      onSignedIn();
    } catch (err) {
      setMessage(loginFailureMessage(toApiFailure(err)));
    }
  }

  return { createAccount, message, pending: register.isPending || signingIn };
}

export function RegisterForm({ email, onEmailChange, onSignedIn, onNeedsVerification }: RegisterFormProps) {
  const [password, setPassword] = useState('');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const termsInfo = trpc.auth.termsInfo.useQuery();
  const registering = useRegister({ onSignedIn, onNeedsVerification });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = checkRegisterFields({ email, password, acceptTerms, termsVersion: termsInfo.data?.version ?? null });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    await registering.createAccount(checked.input, checked.email, password);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <DialogMessage message={registering.message} />
        <EmailField value={email} onChange={onEmailChange} error={errors.email} />
        <PasswordInput
          label="Password"
          description={`At least ${AUTH.passwordMinLength} characters.`}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password || null}
          required
        />
        <TermsCheckbox
          checked={acceptTerms}
          onChange={setAcceptTerms}
          error={errors.accept_terms}
          termsUrl={termsInfo.data?.url ?? TERMS.url}
        />
        <Button type="submit" fullWidth loading={registering.pending}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}

interface TermsProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | undefined;
  termsUrl: string;
}

/** 'I accept the Terms of Use', linking to the Terms the account is created under. */
function TermsCheckbox({ checked, onChange, error, termsUrl }: TermsProps) {
  return (
    <Checkbox
      checked={checked}
      onChange={(e) => onChange(e.currentTarget.checked)}
      error={error || null}
      required
      label={
        <>
          I accept the{' '}
          <Anchor href={termsUrl} target="_blank" rel="noopener noreferrer" inherit>
            Terms of Use
          </Anchor>
        </>
      }
    />
  );
}
