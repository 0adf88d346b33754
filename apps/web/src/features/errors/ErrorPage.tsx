import { Button, Group, Text } from '@mantine/core';
import { MESSAGES } from '@ppp/contracts';
import { CenteredCard } from '@ppp/ui';

/** The generic error page (spec 002 section 2.16); also what the error boundary shows. Plain links so it works even when the router failed. */
export function ErrorPage() {
  return (
    <CenteredCard title={MESSAGES.somethingWentWrong}>
      <Text role="alert">{MESSAGES.unexpected}</Text>
      <Group>
        <Button component="a" href="/">
          Go Home
        </Button>
        <Button component="a" href="/dashboard" variant="default">
          Open Dashboard
        </Button>
      </Group>
    </CenteredCard>
  );
}
