import { Anchor, Box, Container, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { BrandLogo } from '@ppp/ui';
import { isLayoutChoice, type TLayoutChoice, type TLayoutState } from './layout-experiment.ts';

const LINKS = [
  { href: '/subscriptions', label: 'Pricing' },
  { href: '/help', label: 'Help' },
  { href: '/contact', label: 'Contact' },
  { href: '/docs/podcast-website-builder', label: 'Website Builder Guide' },
  { href: '/privacy', label: 'Privacy Policy' },
  { href: '/terms', label: 'Terms of Use' },
] as const;

export interface LandingFooterProps {
  layout: TLayoutState;
  onLayoutChange: (choice: TLayoutChoice) => void;
}

/** Copyright, site links and the layout experiment's manual switch. */
export function LandingFooter({ layout, onLayoutChange }: LandingFooterProps) {
  const current: TLayoutChoice = layout.mode === 'auto' ? 'auto' : layout.layout;
  return (
    <Box component="footer" py="xl" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="lg">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" gap="lg">
            <Stack gap={4}>
              <BrandLogo size="sm" />
              <Text size="sm" c="dimmed">
                © {new Date().getFullYear()} Podcast Plus Plus
              </Text>
            </Stack>
            <Group gap="lg" component="nav" aria-label="Footer">
              {LINKS.map((l) => (
                <Anchor key={l.href} href={l.href} size="sm" c="dimmed">
                  {l.label}
                </Anchor>
              ))}
            </Group>
          </Group>
          <NativeSelect
            label="Page layout"
            size="xs"
            w={200}
            value={current}
            onChange={(e) => {
              const value = e.currentTarget.value;
              if (isLayoutChoice(value)) onLayoutChange(value);
            }}
            data={[
              { value: 'auto', label: `Automatic (${layout.layout === 'ab' ? 'alternative' : 'regular'})` },
              { value: 'regular', label: 'Regular' },
              { value: 'ab', label: 'Alternative' },
            ]}
          />
        </Stack>
      </Container>
    </Box>
  );
}
