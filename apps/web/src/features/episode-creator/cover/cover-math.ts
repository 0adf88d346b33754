import { EPISODE_CREATOR } from '@ppp/contracts';

/**
 * The cover editor's geometry (spec 000 §5): a crop square inside the image, sized from 10 px to
 * the smaller side; or the whole image centred on a white square. Output at most 2048 px square.
 */
export interface ImageSize {
  width: number;
  height: number;
}

/** A square in source pixels: its top-left corner and its side. */
export interface CropSquare {
  x: number;
  y: number;
  size: number;
}

export type CoverMode = 'crop' | 'pad';

/** The largest square that fits: the smaller side. */
export function maxCropSize(image: ImageSize): number {
  return Math.max(1, Math.floor(Math.min(image.width, image.height)));
}

/** The slider's lower end: 10 px, or the whole smaller side of a tinier image. */
export function minCropSize(image: ImageSize): number {
  return Math.min(EPISODE_CREATOR.coverMinCropPx, maxCropSize(image));
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/** The square kept inside the image, its side within the slider's range, whole pixels. */
export function clampSquare(square: CropSquare, image: ImageSize): CropSquare {
  const size = Math.round(clamp(square.size, minCropSize(image), maxCropSize(image)));
  return {
    size,
    x: Math.round(clamp(square.x, 0, Math.max(0, Math.floor(image.width) - size))),
    y: Math.round(clamp(square.y, 0, Math.max(0, Math.floor(image.height) - size))),
  };
}

/** The largest centred square: where the editor starts. */
export function initialSquare(image: ImageSize): CropSquare {
  const size = maxCropSize(image);
  return clampSquare({ size, x: (image.width - size) / 2, y: (image.height - size) / 2 }, image);
}

/** A new side from the slider, keeping the square's centre where it can. */
export function resizeSquare(square: CropSquare, size: number, image: ImageSize): CropSquare {
  const cx = square.x + square.size / 2;
  const cy = square.y + square.size / 2;
  return clampSquare({ size, x: cx - size / 2, y: cy - size / 2 }, image);
}

/** The square dragged by (dx, dy) source pixels, stopped at the image's edges. */
export function moveSquare(square: CropSquare, dx: number, dy: number, image: ImageSize): CropSquare {
  return clampSquare({ size: square.size, x: square.x + dx, y: square.y + dy }, image);
}

/** The side of the JPEG written for a crop: the crop's own size, at most 2048 px. */
export function cropOutputSize(square: CropSquare): number {
  return Math.max(1, Math.min(EPISODE_CREATOR.coverOutputMaxPx, Math.round(square.size)));
}

/** Where the whole image lands on the white square of the pad mode. */
export interface PadGeometry {
  side: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The image scaled to fit a square of its longer side (at most 2048 px), centred. */
export function padGeometry(image: ImageSize, maxSide: number = EPISODE_CREATOR.coverOutputMaxPx): PadGeometry {
  const longer = Math.max(1, image.width, image.height);
  const side = Math.max(1, Math.min(maxSide, Math.round(longer)));
  const scale = side / longer;
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  return { side, width, height, x: Math.round((side - width) / 2), y: Math.round((side - height) / 2) };
}

/** 'x1,y1,x2,y2' in source pixels (spec 000 §3 cover_crop). */
export function cropString(square: CropSquare): string {
  return `${square.x},${square.y},${square.x + square.size},${square.y + square.size}`;
}

/** Scale between the image's pixels and the editor's on-screen box. */
export function displayScale(image: ImageSize, boxWidth: number, boxHeight: number): number {
  if (image.width <= 0 || image.height <= 0) return 1;
  return Math.min(boxWidth / image.width, boxHeight / image.height, 1);
}

/** Arrow keys move the crop by 1% of the longer side (10% with Shift); other keys do nothing. */
export function keyboardNudge(key: string, coarse: boolean, image: ImageSize): { dx: number; dy: number } | null {
  const step = Math.max(1, Math.round((Math.max(image.width, image.height) * (coarse ? 10 : 1)) / 100));
  if (key === 'ArrowLeft') return { dx: -step, dy: 0 };
  if (key === 'ArrowRight') return { dx: step, dy: 0 };
  if (key === 'ArrowUp') return { dx: 0, dy: -step };
  if (key === 'ArrowDown') return { dx: 0, dy: step };
  return null;
}
