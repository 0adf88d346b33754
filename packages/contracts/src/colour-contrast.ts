/**
 * WCAG 2.x contrast between two sRGB colours, and the nudging that brings a background to a
 * readable ratio against its text: the website builder's theme (spec 002 §3 'Layout') and the
 * tests that measure the served page share this one implementation.
 */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** The readable minimum for body text (WCAG AA). */
export const MIN_TEXT_CONTRAST = 4.5;

export const INK = { light: '#ffffff', dark: '#111827' } as const;

export function hexToRgb(hex: string): Rgb {
  const clean = hex.replace('#', '');
  const full = clean.length === 3 ? [...clean].map((c) => c + c).join('') : clean;
  const value = Number.parseInt(full, 16);
  return { r: (value >> 16) & 255, g: (value >> 8) & 255, b: value & 255 };
}

export function rgbToHex({ r, g, b }: Rgb): string {
  const part = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

function channel(value: number): number {
  const s = value / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance(hex: string): number {
  const { r, g, b } = hexToRgb(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The ink (light or dark text) that reads best on a background. */
export function inkFor(background: string): string {
  return contrastRatio(background, INK.light) >= contrastRatio(background, INK.dark) ? INK.light : INK.dark;
}

function mix(hex: string, toward: Rgb, amount: number): string {
  const c = hexToRgb(hex);
  return rgbToHex({ r: c.r + (toward.r - c.r) * amount, g: c.g + (toward.g - c.g) * amount, b: c.b + (toward.b - c.b) * amount });
}

/**
 * The colour moved toward black (under light ink) or white (under dark ink) in small steps until
 * its text reaches the minimum; the hue stays recognisable. Already readable colours are unchanged.
 */
export function readableBackground(background: string, min = MIN_TEXT_CONTRAST): string {
  const ink = inkFor(background);
  const toward = ink === INK.light ? { r: 0, g: 0, b: 0 } : { r: 255, g: 255, b: 255 };
  let colour = background.toLowerCase();
  for (let step = 1; contrastRatio(colour, ink) < min && step <= 20; step += 1) colour = mix(background, toward, step * 0.05);
  return colour;
}

/** A text or link colour readable on the given background (moved toward the ink that reads there). */
export function readableOn(foreground: string, background: string, min = MIN_TEXT_CONTRAST): string {
  const ink = inkFor(background);
  const toward = hexToRgb(ink === INK.light ? '#ffffff' : '#000000');
  let colour = foreground.toLowerCase();
  for (let step = 1; contrastRatio(colour, background) < min && step <= 20; step += 1) colour = mix(foreground, toward, step * 0.05);
  return colour;
}
