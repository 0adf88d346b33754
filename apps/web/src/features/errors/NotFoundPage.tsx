import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MESSAGES } from '@ppp/contracts';
import { CenteredCard } from '@ppp/ui';
import { ReadableText } from '../public-shell/ReadableText.tsx';

/** The 404 page (spec 002 section 2.16): '404 — Page not found' with Go Home and Open Dashboard links to /. */
export function NotFoundContent() {
  return (
    <>
      <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
      <Group>
        <Button component={Link} to="/">
          Go Home
        </Button>
        <Button component={Link} to="/" variant="default">
          Open Dashboard
        </Button>
      </Group>
    </>
  );
}

export function NotFoundPage() {
  return (
    <ReadableText>
      <CenteredCard title={MESSAGES.pageNotFound}>
        <NotFoundContent />
      </CenteredCard>
    </ReadableText>
  );
}
