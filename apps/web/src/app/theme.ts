import { createTheme, darken, defaultVariantColorsResolver, parseThemeColor, type VariantColorsResolver } from '@mantine/core';

/**
 * Light variants (badges, subtle buttons) with text dark enough to read on their tint: Mantine's
 * shade 9 on its own light background reached 3.8:1 (green) on the dashboard, under WCAG AA's 4.5:1
 * (issue 38, Lighthouse).
 */
const readableVariants: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  const shades = parsed.isThemeColor ? input.theme.colors[parsed.color] : undefined;
  if (!shades) return colors;
  const text = darken(shades[9], 0.3);
  return { ...colors, color: text, hoverColor: text };
};

/**
 * The brand theme; display options (larger text, high contrast) are layered on top by @ppp/ui.
 * Filled colours use shade 7 and pick black or white text by contrast (a white label on filled
 * yellow was 1.9:1, on grape 4.0:1).
 */
export const baseTheme = createTheme({
  primaryColor: 'violet',
  primaryShade: { light: 7, dark: 8 },
  autoContrast: true,
  variantColorResolver: readableVariants,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '750' },
});
