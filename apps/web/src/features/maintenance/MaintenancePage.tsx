import { useState } from 'react';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { MESSAGES } from '@ppp/contracts';
import { CenteredCard } from '@ppp/ui';
import { useSignOut } from '../../lib/use-session.ts';
import { SignInDialog } from '../sign-in/SignInDialog.tsx';

export interface MaintenancePageProps {
  message: string;
  signedIn: boolean;
  onRetry: () => void;
}

/** Maintenance gates everyone but admins; a signed-out admin can still sign in to switch it off. */
export function MaintenancePage({ message, signedIn, onRetry }: MaintenancePageProps) {
  const signOut = useSignOut();
  const [signingIn, setSigningIn] = useState(false);
  return (
    <CenteredCard title={MESSAGES.maintenanceTitle}>
      <Text>{message}</Text>
      <Group>
        <Button leftSection={<IconRefresh size={16} />} onClick={onRetry}>
          Try Again
        </Button>
        {signedIn && (
          <Button variant="default" onClick={() => void signOut()}>
            Sign Out
          </Button>
        )}
      </Group>
      {!signedIn && (
        <Text size="sm" c="dimmed">
          Administrator?{' '}
          <Anchor component="button" type="button" inherit onClick={() => setSigningIn(true)}>
            Sign in
          </Anchor>
        </Text>
      )}
      {signingIn && <SignInDialog opened onClose={() => setSigningIn(false)} googleSignIn={false} />}
    </CenteredCard>
  );
}
