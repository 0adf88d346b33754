import { useState } from 'react';
import { Anchor, Button, Divider, Modal, Stack, Text } from '@mantine/core';
import { IconBrandGoogleFilled } from '@tabler/icons-react';
import { BrandLogo } from '@ppp/ui';
import { useSignIn } from '../../lib/use-session.ts';
import { LoginForm } from './LoginForm.tsx';
import { RegisterForm } from './RegisterForm.tsx';
import { VerifyCodePanel } from './VerifyCodePanel.tsx';
import { loginFailureMessage, type TDialogMessage } from './sign-in-messages.ts';
import { toApiFailure } from '../../lib/api-error.ts';

export type SignInMode = 'login' | 'register' | 'verify';

const TITLES: Record<SignInMode, string> = {
  login: 'Sign in',
  register: 'Create your account',
  verify: 'Confirm your email',
};

export interface SignInDialogProps {
  opened: boolean;
  onClose: () => void;
  initialMode?: Exclude<SignInMode, 'verify'>;
  googleSignIn: boolean;
  /** Where an outside (Google) sign-in comes back to. */
  returnTo?: string;
}

/** The dialog's mode and what carries from one mode to the next: the email, the password (to sign in after the code) and a notice. */
function useSignInFlow(initialMode: SignInMode, onClose: () => void) {
  const [mode, setMode] = useState<SignInMode>(initialMode);
  const [email, setEmail] = useState('');
  // Remembered between register (or a refused login) and the code, to sign in right after.
  const [password, setPassword] = useState<string | null>(null);
  const [notice, setNotice] = useState<TDialogMessage | null>(null);
  const [formKey, setFormKey] = useState(0);
  const { signIn } = useSignIn();

  function switchMode(next: SignInMode, message: TDialogMessage | null = null) {
    setNotice(message);
    setMode(next);
    setFormKey((k) => k + 1);
  }

  function close() {
    onClose();
    switchMode(initialMode);
    setPassword(null);
  }

  function toVerify(address: string, pw: string, message: TDialogMessage | null = null) {
    setEmail(address);
    setPassword(pw);
    switchMode('verify', message);
  }

  async function afterVerified() {
    if (!password) {
      switchMode('login', { kind: 'info', text: 'Your email is confirmed. Sign in to continue.' });
      return;
    }
    try {
      await signIn(email, password);
      close();
    } catch (err) {
      switchMode('login', loginFailureMessage(toApiFailure(err)));
    }
  }

  return { mode, email, setEmail, notice, formKey, switchMode, close, toVerify, afterVerified };
}

/** The sign-in dialog of spec 002 section 2.6: login, register and verify modes. */
export function SignInDialog({ opened, onClose, initialMode = 'login', googleSignIn, returnTo = '/dashboard' }: SignInDialogProps) {
  const { mode, email, setEmail, notice, formKey, switchMode, close, toVerify, afterVerified } = useSignInFlow(initialMode, onClose);
  return (
    <Modal opened={opened} onClose={close} centered size="md" radius="lg" padding="xl" title={<BrandLogo size="sm" />}>
      <Stack gap="lg">
        <DialogHeading mode={mode} />
        {mode === 'login' && (
          <LoginForm
            key={formKey}
            email={email}
            onEmailChange={setEmail}
            initialMessage={notice}
            onSignedIn={close}
            onNeedsVerification={toVerify}
          />
        )}
        {mode === 'register' && (
          <RegisterForm key={formKey} email={email} onEmailChange={setEmail} onSignedIn={close} onNeedsVerification={toVerify} />
        )}
        {mode === 'verify' && (
          <VerifyCodePanel
            key={formKey}
            email={email}
            initialMessage={notice}
            onVerified={afterVerified}
            onEmailChanged={setEmail}
            onCancel={() => switchMode('login')}
          />
        )}
        {mode !== 'verify' && googleSignIn && <GoogleSignIn returnTo={returnTo} />}
        <SwitchModeLink mode={mode} onSwitch={switchMode} />
      </Stack>
    </Modal>
  );
}

function DialogHeading({ mode }: { mode: SignInMode }) {
  return (
    <div>
      <Text component="h2" fw={750} size="xl" m={0}>
        {TITLES[mode]}
      </Text>
      {mode !== 'verify' && (
        <Text size="sm" c="dimmed">
          {mode === 'login' ? 'Welcome back. Your shows are waiting.' : 'Start making episodes in minutes.'}
        </Text>
      )}
    </div>
  );
}

function GoogleSignIn({ returnTo }: { returnTo: string }) {
  return (
    <>
      <Divider label="or" labelPosition="center" />
      <Button
        component="a"
        href={`/api/auth/login/google?return_to=${encodeURIComponent(returnTo)}`}
        variant="default"
        leftSection={<IconBrandGoogleFilled size={16} />}
        fullWidth
      >
        Continue with Google
      </Button>
    </>
  );
}

/** 'Create an account' under login, 'Sign in' under register. */
function SwitchModeLink({ mode, onSwitch }: { mode: SignInMode; onSwitch: (mode: SignInMode) => void }) {
  if (mode === 'verify') return null;
  const [question, label, target] =
    mode === 'login'
      ? (['New here?', 'Create an account', 'register'] as const)
      : (['Already have an account?', 'Sign in', 'login'] as const);
  return (
    <Text size="sm" ta="center">
      {question}{' '}
      <Anchor component="button" type="button" inherit onClick={() => onSwitch(target)}>
        {label}
      </Anchor>
    </Text>
  );
}
