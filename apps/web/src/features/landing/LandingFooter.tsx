import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { BrandLogo } from '@ppp/ui';

export function LandingFooter() {
  return (
    <Box component="footer" py="xl" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="lg">
        <Group justify="space-between" gap="md">
          <Group gap="sm">
            <BrandLogo size="sm" />
            <Text size="sm" c="dimmed">© {new Date().getFullYear()} Podcast Plus Plus</Text>
          </Group>
          <Group gap="lg" component="nav" aria-label="Footer">
            <Anchor href="/subscriptions" size="sm" c="dimmed">Pricing</Anchor>
            <Anchor href="/privacy" size="sm" c="dimmed">Privacy Policy</Anchor>
            <Anchor href="/terms" size="sm" c="dimmed">Terms of Use</Anchor>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
