import sharp from 'sharp';
import { readableBackground, rgbToHex, type Rgb, type TWebsiteTheme } from '@ppp/contracts';

/** The theme of a show without cover art: deep indigo, a pale wash and a warm accent. */
export const DEFAULT_THEME: TWebsiteTheme = { primary: '#312e81', secondary: '#eef2ff', accent: '#b45309' };

interface Bucket {
  count: number;
  r: number;
  g: number;
  b: number;
}

function hsl({ r, g, b }: Rgb): { h: number; s: number; l: number } {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === rn ? ((gn - bn) / d) % 6 : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return { h: (h * 60 + 360) % 360, s, l };
}

function fromHsl(h: number, s: number, l: number): string {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] = h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x];
  return rgbToHex({ r: (r + m) * 255, g: (g + m) * 255, b: (b + m) * 255 });
}

const hueDistance = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

/** The cover's colours, most common first: pixels of a 32×32 thumbnail grouped in 4-bit-per-channel buckets. */
async function paletteOf(image: Buffer): Promise<Rgb[]> {
  const { data } = await sharp(image).resize(32, 32, { fit: 'cover' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const buckets = new Map<number, Bucket>();
  for (let i = 0; i + 2 < data.length; i += 3) {
    const [r, g, b] = [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0];
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const bucket = buckets.get(key) ?? { count: 0, r: 0, g: 0, b: 0 };
    buckets.set(key, { count: bucket.count + 1, r: bucket.r + r, g: bucket.g + g, b: bucket.b + b });
  }
  return [...buckets.values()]
    .sort((x, y) => y.count - x.count)
    .map((bucket) => ({ r: bucket.r / bucket.count, g: bucket.g / bucket.count, b: bucket.b / bucket.count }));
}

/**
 * A theme from cover art: primary is the dominant colour (sharp's), the accent the most vivid colour
 * of another hue (or the dominant hue's complement when the cover has one colour), secondary a pale
 * wash of the primary hue. Each is then moved until its text reaches 4.5:1.
 */
export async function themeFromCover(image: Buffer | null): Promise<TWebsiteTheme> {
  if (!image) return DEFAULT_THEME;
  try {
    const { dominant } = await sharp(image).stats();
    const base = hsl(dominant);
    const palette = await paletteOf(image);
    const vivid = palette
      .slice(0, 24)
      .map((rgb) => ({ rgb, ...hsl(rgb) }))
      .filter((c) => c.s > 0.35 && c.l > 0.2 && c.l < 0.8 && (base.s < 0.15 || hueDistance(c.h, base.h) > 40))
      .sort((x, y) => y.s - x.s)[0];
    const accent = vivid ? rgbToHex(vivid.rgb) : fromHsl((base.h + 180) % 360, Math.max(base.s, 0.6), 0.45);
    const secondary = fromHsl(base.h, Math.min(base.s, 0.5), 0.94);
    return {
      primary: readableBackground(rgbToHex(dominant)),
      secondary: readableBackground(secondary),
      accent: readableBackground(accent),
    };
  } catch {
    return DEFAULT_THEME;
  }
}

/** Every theme colour moved to a readable background (a chat or a model may pick any colour). */
export function readableTheme(theme: TWebsiteTheme): TWebsiteTheme {
  return {
    primary: readableBackground(theme.primary),
    secondary: readableBackground(theme.secondary),
    accent: readableBackground(theme.accent),
  };
}
