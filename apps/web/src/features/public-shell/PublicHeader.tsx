import { Anchor, Box, Button, Container, Group } from '@mantine/core';
import { Link } from 'react-router';
import { BrandLogo } from '@ppp/ui';

/** Header of the public pages outside the landing page: logo home, a few links, Sign In. */
export function PublicHeader() {
  return (
    <Box component="header" py="md" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="xl">
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Podcast Plus Plus home">
            <BrandLogo />
          </Anchor>
          <Group gap="lg" wrap="nowrap">
            <Group gap="lg" visibleFrom="sm" component="nav" aria-label="Site">
              <Anchor href="/#how-it-works" c="dimmed">
                How it works
              </Anchor>
              <Anchor href="/#faq" c="dimmed">
                FAQ
              </Anchor>
              <Anchor href="/help" c="dimmed">
                Help
              </Anchor>
            </Group>
            <Button component="a" href="/?login=1" variant="light">
              Sign In
            </Button>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
