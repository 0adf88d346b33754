import { createTheme } from '@mantine/core';

/** The brand theme; display options (larger text, high contrast) are layered on top by @ppp/ui. */
export const baseTheme = createTheme({
  primaryColor: 'violet',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '750' },
});
