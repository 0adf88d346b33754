import type { ReactNode } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { BrandLogo } from '@ppp/ui';

/** A centred status line ('Loading...', 'Preparing your workspace...') with a spinner. */
export function FullPageStatus({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="md" role="status" aria-live="polite">
        <BrandLogo />
        <Loader size="sm" aria-hidden="true" />
        <Text c="dimmed">{message}</Text>
        {children}
      </Stack>
    </Center>
  );
}
