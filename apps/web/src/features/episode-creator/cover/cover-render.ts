import { EPISODE_CREATOR } from '@ppp/contracts';
import { cropOutputSize, padGeometry, type CoverMode, type CropSquare } from './cover-math.ts';

/** Paints the cover onto a canvas of `side` pixels: white first, so transparent areas and padding are white. */
export function paintCover(
  canvas: HTMLCanvasElement,
  image: CanvasImageSource & { naturalWidth: number; naturalHeight: number },
  mode: CoverMode,
  square: CropSquare,
  side: number,
): void {
  canvas.width = side;
  canvas.height = side;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, side, side);
  ctx.imageSmoothingQuality = 'high';
  if (mode === 'crop') {
    ctx.drawImage(image, square.x, square.y, square.size, square.size, 0, 0, side, side);
    return;
  }
  const pad = padGeometry({ width: image.naturalWidth, height: image.naturalHeight }, side);
  ctx.drawImage(image, pad.x, pad.y, pad.width, pad.height);
}

/** The side of the uploaded JPEG for this mode. */
export function outputSide(image: { naturalWidth: number; naturalHeight: number }, mode: CoverMode, square: CropSquare): number {
  return mode === 'crop' ? cropOutputSize(square) : padGeometry({ width: image.naturalWidth, height: image.naturalHeight }).side;
}

/** The cover as a JPEG at quality 0.88, at most 2048 px square. */
export async function renderCoverJpeg(image: HTMLImageElement, mode: CoverMode, square: CropSquare): Promise<Blob> {
  const canvas = document.createElement('canvas');
  paintCover(canvas, image, mode, square, outputSide(image, mode, square));
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The cover could not be encoded'))),
      'image/jpeg',
      EPISODE_CREATOR.coverJpegQuality,
    );
  });
}

/** Loads a picked file into an image element (rejects when the browser cannot decode it). */
export function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read'));
    image.src = url;
  });
}
