import { Anchor, Box, Button, Container, Group } from '@mantine/core';
import { BrandLogo } from '@ppp/ui';

export interface LandingHeaderProps {
  onSignIn: () => void;
  onPrefetch: () => void;
}

/** Logo, in-page navigation and the one Sign In button of the landing page. */
export function LandingHeader({ onSignIn, onPrefetch }: LandingHeaderProps) {
  return (
    <Box component="header" py="md" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="lg">
        <Group justify="space-between" wrap="nowrap">
          <BrandLogo />
          <Group gap="lg" wrap="nowrap">
            <Group gap="lg" visibleFrom="sm" component="nav" aria-label="Landing">
              <Anchor href="#how-it-works" c="dimmed">
                How it works
              </Anchor>
              <Anchor href="#testimonials" c="dimmed">
                Reviews
              </Anchor>
              <Anchor href="#faq" c="dimmed">
                FAQ
              </Anchor>
              <Anchor href="/subscriptions" c="dimmed">
                Pricing
              </Anchor>
            </Group>
            <Button onClick={onSignIn} onPointerEnter={onPrefetch} onFocus={onPrefetch}>
              Sign In
            </Button>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
