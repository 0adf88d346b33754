import type { CSSProperties, ReactNode } from 'react';
import { Box } from '@mantine/core';
import { useDisplayOptions } from '@ppp/ui';

/**
 * Mantine's dimmed grey (gray.6) is about 3.3:1 on white, under WCAG AA for body text; the public
 * pages use gray.7 (about 8:1) instead. Its error red (red.6, required asterisks and field errors) is
 * about 3.3:1 too; red.9 is about 5.6:1. High contrast mode keeps its own, darker values.
 */
const READABLE = {
  '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  '--mantine-color-error': 'var(--mantine-color-red-9)',
} as CSSProperties;

export function ReadableText({ children }: { children: ReactNode }) {
  const { options } = useDisplayOptions();
  return <Box style={options.highContrast ? undefined : READABLE}>{children}</Box>;
}
