import { useState, type FormEvent } from 'react';
import { Anchor, Button, Divider, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MESSAGES, NAMES, ZWaitlistRequest, type TMe } from '@ppp/contracts';
import { CenteredCard } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import { toApiFailure } from '../../lib/api-error.ts';
import { useSignOut } from '../../lib/use-session.ts';
import { VerifyCodePanel } from '../sign-in/VerifyCodePanel.tsx';

/** The closed-alpha waitlist (spec 002 section 2.7), shown to signed-in accounts that are not active yet. */
export function WaitlistPage({ me }: { me: TMe }) {
  const [email, setEmail] = useState(me.email);
  const [note, setNote] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [codeEmail, setCodeEmail] = useState(me.email);
  const waitlist = trpc.public.waitlist.useMutation();
  const utils = trpc.useUtils();
  const signOut = useSignOut();

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

  return (
    <CenteredCard title="You're on the list" width={520}>
      <Text c="dimmed">Podcast Plus Plus is in closed alpha. Request access and we will let you know as soon as a spot opens.</Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={emailError}
            required
          />
          <Textarea
            label="Note"
            description="Optional: tell us about your show."
            autosize
            minRows={3}
            maxLength={NAMES.waitlistNoteMaxLength}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <Group justify="space-between">
            <Button variant="default" onClick={() => void signOut()}>
              Sign out
            </Button>
            <Button type="submit" loading={waitlist.isPending}>
              Request access
            </Button>
          </Group>
        </Stack>
      </form>
      <Divider />
      {verifying ? (
        <VerifyCodePanel
          email={codeEmail}
          onVerified={() => utils.users.me.invalidate()}
          onEmailChanged={setCodeEmail}
          onCancel={() => setVerifying(false)}
        />
      ) : (
        <Text size="sm">
          Got a verification code by email?{' '}
          <Anchor component="button" type="button" inherit onClick={() => setVerifying(true)}>
            Enter your code
          </Anchor>
        </Text>
      )}
    </CenteredCard>
  );
}
