import { useState, type FormEvent } from 'react';
import { Anchor, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { AUTH, TERMS } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { useSignIn } from '../../lib/use-session.ts';
import { DialogMessage } from './DialogMessage.tsx';
import { checkRegisterFields } from './register-input.ts';
import { loginFailureMessage, registerFailureMessage, type TDialogMessage } from './sign-in-messages.ts';

export interface RegisterFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onSignedIn: () => void;
  /** The new account is inactive: continue in verify mode with these credentials. */
  onNeedsVerification: (email: string, password: string) => void;
}

export function RegisterForm({ email, onEmailChange, onSignedIn, onNeedsVerification }: RegisterFormProps) {
  const [password, setPassword] = useState('');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<TDialogMessage | null>(null);
  const termsInfo = trpc.auth.termsInfo.useQuery();
  const register = trpc.auth.register.useMutation();
  const { signIn, pending: signingIn } = useSignIn();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = checkRegisterFields({ email, password, acceptTerms, termsVersion: termsInfo.data?.version ?? null });
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setMessage(null);
    let isActive: boolean;
    try {
      isActive = (await register.mutateAsync(checked.input)).is_active;
    } catch (err) {
      setMessage(registerFailureMessage(toApiFailure(err)));
      return;
    }
    if (!isActive) {
      onNeedsVerification(checked.email, password);
      return;
    }
    try {
      await signIn(checked.email, password);
      onSignedIn();
    } catch (err) {
      setMessage(loginFailureMessage(toApiFailure(err)));
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <DialogMessage message={message} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => onEmailChange(e.currentTarget.value)}
          error={errors.email || null}
          required
          data-autofocus
        />
        <PasswordInput
          label="Password"
          description={`At least ${AUTH.passwordMinLength} characters.`}
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password || null}
          required
        />
        <Checkbox
          checked={acceptTerms}
          onChange={(e) => setAcceptTerms(e.currentTarget.checked)}
          error={errors.accept_terms || null}
          required
          label={
            <>
              I accept the{' '}
              <Anchor href={termsInfo.data?.url ?? TERMS.url} target="_blank" rel="noopener noreferrer" inherit>
                Terms of Use
              </Anchor>
            </>
          }
        />
        <Button type="submit" fullWidth loading={register.isPending || signingIn}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
