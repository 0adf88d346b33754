import type { ReactNode } from 'react';
import { Anchor, Box, Button, Container, Group, Text, Title, Typography } from '@mantine/core';
import { Link } from 'react-router';
import { BrandLogo } from '@ppp/ui';
import { ReadableText } from '../public-shell/ReadableText.tsx';

/** The shared layout of legal and doc pages (spec 002 section 2.16): header, article, footer; text at 4.5:1 or better, as landing and pricing. */
export function LegalLayout({ title, updated, children }: { title: string; updated?: string; children: ReactNode }) {
  return (
    <ReadableText>
      <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
        <Box component="header" py="md" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <Container size="md">
            <Group justify="space-between">
              <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Podcast Plus Plus home">
                <BrandLogo />
              </Anchor>
              <Button component="a" href="/?login=1" variant="light">
                Sign In
              </Button>
            </Group>
          </Container>
        </Box>
        <Container size="md" py="xl" component="main" style={{ flex: 1 }}>
          <article>
            <Title order={1} mb={4}>
              {title}
            </Title>
            {updated && (
              <Text c="dimmed" mb="xl">
                {updated}
              </Text>
            )}
            <Typography>{children}</Typography>
          </article>
        </Container>
        <Box component="footer" py="lg" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Container size="md">
            <Group gap="lg" component="nav" aria-label="Legal">
              <Anchor href="/privacy" size="sm">
                Privacy Policy
              </Anchor>
              <Anchor href="/terms" size="sm">
                Terms of Use
              </Anchor>
            </Group>
          </Container>
        </Box>
      </Box>
    </ReadableText>
  );
}
