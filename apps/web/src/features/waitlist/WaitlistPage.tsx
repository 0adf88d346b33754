import { useState } from 'react';
import { Anchor, Button, Divider, Group, Stack, Text, Textarea } from '@mantine/core';
import { NAMES, type TMe } from '@ppp/contracts';
import { CenteredCard } from '@ppp/ui';
import { EmailField } from '../sign-in/EmailField.tsx';
import { trpc } from '../../lib/trpc.ts';
import { useSignOut } from '../../lib/use-session.ts';
import { VerifyCodePanel } from '../sign-in/VerifyCodePanel.tsx';
import { useWaitlistRequest } from './use-waitlist-request.ts';

/** The closed-alpha waitlist (spec 002 section 2.7), shown to signed-in accounts that are not active yet. */
export function WaitlistPage({ me }: { me: TMe }) {
  return (
    <CenteredCard title="You're on the list" width={520}>
      <Text c="dimmed">Podcast Plus Plus is in closed alpha. Request access and we will let you know as soon as a spot opens.</Text>
      <WaitlistForm initialEmail={me.email} />
      <Divider />
      <EnterCode initialEmail={me.email} />
    </CenteredCard>
  );
}

function WaitlistForm({ initialEmail }: { initialEmail: string }) {
  const { email, setEmail, note, setNote, emailError, submit, pending } = useWaitlistRequest(initialEmail);
  const signOut = useSignOut();
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <EmailField value={email} onChange={setEmail} error={emailError} autofocus={false} />
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
          <Button type="submit" loading={pending}>
            Request access
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 'Enter your code': a code mailed to the account activates it without leaving the page. */
function EnterCode({ initialEmail }: { initialEmail: string }) {
  const [verifying, setVerifying] = useState(false);
  const [codeEmail, setCodeEmail] = useState(initialEmail);
  const utils = trpc.useUtils();
  if (verifying)
    return (
      <VerifyCodePanel
        email={codeEmail}
        onVerified={() => utils.users.me.invalidate()}
        onEmailChanged={setCodeEmail}
        onCancel={() => setVerifying(false)}
      />
    );
  return (
    <Text size="sm">
      Got a verification code by email?{' '}
      <Anchor component="button" type="button" inherit onClick={() => setVerifying(true)}>
        Enter your code
      </Anchor>
    </Text>
  );
}
