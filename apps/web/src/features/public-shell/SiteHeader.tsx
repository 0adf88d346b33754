import type { ReactNode } from 'react';
import { Anchor, Box, Container, Group, type ContainerProps } from '@mantine/core';

export interface SiteHeaderProps {
  /** The logo, linked home or not. */
  logo: ReactNode;
  /** The name of the header's navigation landmark. */
  navLabel: string;
  links: readonly { href: string; label: string }[];
  /** The Sign In button. */
  action: ReactNode;
  size: ContainerProps['size'];
}

/** The top bar of the public pages: the logo, a few links (hidden on phones) and one button. */
export function SiteHeader({ logo, navLabel, links, action, size }: SiteHeaderProps) {
  return (
    <Box component="header" py="md" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Container size={size}>
        <Group justify="space-between" wrap="nowrap">
          {logo}
          <Group gap="lg" wrap="nowrap">
            <Group gap="lg" visibleFrom="sm" component="nav" aria-label={navLabel}>
              {links.map((link) => (
                <Anchor key={link.href} href={link.href} c="dimmed">
                  {link.label}
                </Anchor>
              ))}
            </Group>
            {action}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
