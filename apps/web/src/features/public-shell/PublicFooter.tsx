import { Anchor, Box, Container, Group, Text } from '@mantine/core';

const LINKS = [
  { href: '/', label: 'Home' },
  { href: '/help', label: 'Help' },
  { href: '/contact', label: 'Contact Sales' },
  { href: '/privacy', label: 'Privacy Policy' },
  { href: '/terms', label: 'Terms of Use' },
] as const;

/** Copyright and links, at the foot of the pricing page. */
export function PublicFooter() {
  return (
    <Box component="footer" py="lg" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="xl">
        <Group justify="space-between" gap="md">
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} Podcast Plus Plus. All rights reserved.
          </Text>
          <Group gap="lg" component="nav" aria-label="Footer">
            {LINKS.map((l) => (
              <Anchor key={l.href} href={l.href} size="sm">
                {l.label}
              </Anchor>
            ))}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
