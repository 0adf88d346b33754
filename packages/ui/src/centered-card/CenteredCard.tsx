import type { ReactNode } from 'react';
import { Card, Center, Stack, Title } from '@mantine/core';
import { BrandLogo } from '../brand-logo/BrandLogo.tsx';

export interface CenteredCardProps {
  title: ReactNode;
  children: ReactNode;
  /** Card width in px on wide screens; narrow screens use the full width. */
  width?: number;
}

/** A single card in the middle of the page, under the brand logo: status, gate and small standalone pages. */
export function CenteredCard({ title, children, width = 480 }: CenteredCardProps) {
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack align="center" gap="lg" w="100%" maw={width}>
        <BrandLogo />
        <Card withBorder shadow="sm" radius="lg" padding="xl" w="100%" component="main">
          <Stack gap="md">
            <Title order={1} size="h2">
              {title}
            </Title>
            {children}
          </Stack>
        </Card>
      </Stack>
    </Center>
  );
}
