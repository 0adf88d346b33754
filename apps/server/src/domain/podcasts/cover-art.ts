import sharp from 'sharp';
import { MEDIA_MESSAGES, MEDIA_SAFETY, PODCAST_LIMITS } from '@ppp/contracts';
import { AppError } from '../errors.ts';
import type { ArtworkInfo } from '../publishing/feed/index.ts';

export const COVER_MESSAGES = {
  notImage: 'Cover art must be a PNG or JPEG image.',
  tooLarge: 'Cover art must be at most 15 MB.',
} as const;

/** Show covers up to 15 MB, like an uploaded cover (spec 000 §9). */
export const COVER_MAX_BYTES = 15 * 1024 * 1024;

/** Reads an image's real format and size from its bytes (never its name); null when it is not a PNG or JPEG. */
export async function measureArtwork(bytes: Buffer | string): Promise<ArtworkInfo | null> {
  try {
    // Header only: metadata() reads the dimensions without decoding a pixel (no pixel limit here, so an
    // oversized image is measured and refused by name rather than called 'not an image').
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    const mimeType = meta.format === 'jpeg' ? 'image/jpeg' : meta.format === 'png' ? 'image/png' : null;
    if (!mimeType || !meta.width || !meta.height) return null;
    return { width: meta.width, height: meta.height, mimeType };
  } catch {
    return null;
  }
}

/** Whether the header's dimensions are within what this server decodes (a PNG may claim 30000x30000 in a few bytes). */
export function withinPixelLimits(info: Pick<ArtworkInfo, 'width' | 'height'>): boolean {
  const side = MEDIA_SAFETY.imageMaxSidePx;
  return info.width <= side && info.height <= side && info.width * info.height <= MEDIA_SAFETY.imageMaxPixels;
}

/** 422 before any decoding when an image states too many pixels. */
export function assertWithinPixelLimits(info: Pick<ArtworkInfo, 'width' | 'height'>): void {
  if (!withinPixelLimits(info)) throw new AppError('VALIDATION', MEDIA_MESSAGES.imageTooLarge, { title: MEDIA_MESSAGES.invalidFileType });
}

export interface PreparedCover {
  bytes: Buffer;
  extension: 'jpg' | 'png';
  info: ArtworkInfo;
}

/**
 * Checks an uploaded cover and keeps it within Apple's bounds: anything that is not a PNG or JPEG is
 * refused; a cover wider than 3000 px is scaled down to fit (same format). A small or non-square
 * cover is kept: the publish check names the problem, so the creator can still save a draft show.
 */
export async function prepareCover(bytes: Buffer): Promise<PreparedCover> {
  if (bytes.length > COVER_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', COVER_MESSAGES.tooLarge);
  const info = await measureArtwork(bytes);
  if (!info) throw new AppError('UNSUPPORTED_MEDIA_TYPE', COVER_MESSAGES.notImage);
  assertWithinPixelLimits(info);
  const extension = info.mimeType === 'image/png' ? 'png' : 'jpg';
  const max = PODCAST_LIMITS.coverMaxPx;
  if (Math.max(info.width, info.height) <= max) return { bytes, extension, info };
  const image = sharp(bytes, { limitInputPixels: MEDIA_SAFETY.imageMaxPixels }).rotate().resize({ width: max, height: max, fit: 'inside' });
  const resized = await (extension === 'png' ? image.png() : image.jpeg({ quality: 90, mozjpeg: true })).toBuffer();
  const measured = await measureArtwork(resized);
  if (!measured) throw new AppError('INTERNAL', 'Cover processing failed; you can retry or remove the cover.');
  return { bytes: resized, extension, info: measured };
}

/** users/{userId}/podcasts/{podcastId}/: everything stored for one show. */
export function showPrefix(userId: string, podcastId: string): string {
  return `users/${userId}/podcasts/${podcastId}/`;
}

/** A new name per upload, so a cached old cover is never served for a new one. */
export function showCoverKey(userId: string, podcastId: string, extension: string, version: string): string {
  return `${showPrefix(userId, podcastId)}cover-${version}.${extension}`;
}
