import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MESSAGES } from '@ppp/contracts';
import { CenteredCard } from '@ppp/ui';

export function NotFoundContent() {
  return (
    <>
      <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
      <Group>
        <Button component={Link} to="/">
          Go Home
        </Button>
        <Button component={Link} to="/dashboard" variant="default">
          Open Dashboard
        </Button>
      </Group>
    </>
  );
}

export function NotFoundPage() {
  return (
    <CenteredCard title={MESSAGES.pageNotFound}>
      <NotFoundContent />
    </CenteredCard>
  );
}
