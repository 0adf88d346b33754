import { useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconUsersGroup } from '@tabler/icons-react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES, TEAM_MESSAGES, TEAM_ROLE_DESCRIPTIONS, TEAM_ROLE_LABELS } from '@ppp/contracts';
import { CenteredCard } from '@ppp/ui';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';
import { useAuthToken, useMe, useSignOut } from '../../lib/use-session.ts';
import { SignInDialog } from '../sign-in/SignInDialog.tsx';
import { dayLabel } from './team-format.ts';
import { useSwitchWorkspace } from './use-workspace.ts';

/**
 * /team/accept?token= (issue 34): what the invitation offers, then Accept for the signed-in invitee,
 * who then works in that workspace. A signed-out person signs in or registers in the dialog on this
 * very page (Google brings them back to it), so they land on the acceptance again.
 */
export function AcceptInvitePage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const preview = trpc.team.invitePreview.useQuery({ token }, { enabled: token.length > 0, retry: false });
  if (!token) return <InviteProblem message={TEAM_MESSAGES.inviteNotFound} />;
  if (preview.isPending)
    return (
      <CenteredCard title="Team invitation">
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>{MESSAGES.loading}</Text>
        </Group>
      </CenteredCard>
    );
  if (preview.error || !preview.data) return <InviteProblem message={messageOf(preview.error, TEAM_MESSAGES.inviteNotFound)} />;
  const invite = preview.data;
  return (
    <CenteredCard title={`Join ${invite.workspace_name}`}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconUsersGroup size={28} aria-hidden="true" color="var(--mantine-primary-color-filled)" />
        <Stack gap={4}>
          <Text data-testid="invite-summary">
            {invite.invited_by} invited you to {invite.workspace_name} as <strong>{TEAM_ROLE_LABELS[invite.role]}</strong>.
          </Text>
          <Text size="sm" c="dimmed">
            {TEAM_ROLE_DESCRIPTIONS[invite.role]}
          </Text>
          <Text size="sm" c="dimmed">
            Sent to {invite.email}; the link works until {dayLabel(invite.expires_at)}.
          </Text>
        </Stack>
      </Group>
      <AcceptActions token={token} invitedEmail={invite.email} />
    </CenteredCard>
  );
}

function InviteProblem({ message }: { message: string }) {
  return (
    <CenteredCard title="Team invitation">
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {message}
      </Alert>
      <Group>
        <Button component="a" href="/">
          Home
        </Button>
      </Group>
    </CenteredCard>
  );
}

/** Accept for a signed-in person (switching to the workspace); Sign in or Create an account for a visitor. */
function AcceptActions({ token, invitedEmail }: { token: string; invitedEmail: string }) {
  const signedIn = Boolean(useAuthToken());
  const me = useMe();
  const signOut = useSignOut();
  const accept = useAcceptInvite(token);
  if (!signedIn) return <SignInToAccept invitedEmail={invitedEmail} />;
  const otherAddress = me.data && me.data.email.toLowerCase() !== invitedEmail.toLowerCase();
  return (
    <>
      {me.data && (
        <Text size="sm" c="dimmed">
          Signed in as {me.data.email}.
        </Text>
      )}
      {otherAddress && (
        <Alert color="yellow" variant="light">
          This invitation was sent to {invitedEmail}. Sign out and sign in with that address to accept it.
        </Alert>
      )}
      {accept.error && (
        <Alert color="red" role="alert">
          {accept.error}
        </Alert>
      )}
      <Group>
        <Button onClick={() => void accept.run()} loading={accept.pending} disabled={Boolean(otherAddress)}>
          Accept invitation
        </Button>
        <Button variant="default" onClick={() => void signOut()}>
          Use another account
        </Button>
      </Group>
    </>
  );
}

/** The sign-in dialog on this page: once signed in (or registered and confirmed) the page offers Accept; Google returns here. */
function SignInToAccept({ invitedEmail }: { invitedEmail: string }) {
  const config = trpc.public.config.useQuery();
  const [dialog, setDialog] = useState<'login' | 'register' | null>(null);
  const location = useLocation();
  return (
    <>
      <Text size="sm">Sign in with {invitedEmail} to accept, or create an account with that address first.</Text>
      <Group>
        <Button onClick={() => setDialog('login')}>Sign in to accept</Button>
        <Button variant="default" onClick={() => setDialog('register')}>
          Create an account
        </Button>
      </Group>
      <SignInDialog
        key={dialog ?? 'closed'}
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        initialMode={dialog ?? 'login'}
        googleSignIn={Boolean(config.data?.google_sign_in)}
        returnTo={`${location.pathname}${location.search}`}
      />
    </>
  );
}

/** Accepts, then acts in the joined workspace from its dashboard. */
function useAcceptInvite(token: string) {
  const utils = trpc.useUtils();
  const mutation = trpc.team.acceptInvite.useMutation();
  const switchTo = useSwitchWorkspace();
  const navigate = useNavigate();
  return {
    run: async () => {
      const workspace = await mutation.mutateAsync({ token }).catch(() => null);
      if (!workspace) return;
      // Accepting lets a person off the waitlist: their account is read again with their workspaces.
      await Promise.all([utils.team.workspaces.invalidate(), utils.users.me.invalidate()]);
      await switchTo(workspace.id);
      void navigate('/dashboard', { replace: true });
    },
    pending: mutation.isPending,
    error: mutation.error ? messageOf(mutation.error, MESSAGES.unexpected) : null,
  };
}
