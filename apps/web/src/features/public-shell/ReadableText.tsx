import type { CSSProperties, ReactNode } from 'react';
import { Box } from '@mantine/core';
import { useDisplayOptions } from '@ppp/ui';

/**
 * Mantine's dimmed grey (gray.6) is about 3.3:1 on white, under WCAG AA for body text; the public
 * pages use gray.7 (about 8:1) instead. High contrast mode keeps its own, darker value.
 */
const READABLE = { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' } as CSSProperties;

export function ReadableText({ children }: { children: ReactNode }) {
  const { options } = useDisplayOptions();
  return <Box style={options.highContrast ? undefined : READABLE}>{children}</Box>;
}
