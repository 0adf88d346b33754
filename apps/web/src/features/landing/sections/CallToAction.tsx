import { Button, Card, Container, Group, Text, Title } from '@mantine/core';
import { MESSAGES } from '@ppp/contracts';

export function CallToAction({ onStart }: { onStart: () => void }) {
  return (
    <Container size="md" py={64} component="section" aria-labelledby="cta-title">
      <Card padding="xl" radius="lg" bg="violet.8" c="white" ta="center">
        <Title order={2} mb="sm" id="cta-title">
          Ready to hit record?
        </Title>
        <Text mb="lg">Your first episode is five minutes away. 14-day free trial, no credit card required, cancel anytime.</Text>
        <Group justify="center">
          <Button size="md" variant="white" color="violet.9" onClick={onStart}>
            {MESSAGES.makeFirstEpisode}
          </Button>
        </Group>
      </Card>
    </Container>
  );
}
