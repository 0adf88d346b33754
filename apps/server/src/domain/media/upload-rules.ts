import {
  BYTES_PER_MB,
  DISABLED_CATEGORIES,
  MEDIA,
  MEDIA_MESSAGES,
  audioExceedsMessage,
  hasControlCharacters,
  exceedsLimitMessage,
  onlyAudioAllowedMessage,
  type TMediaCategory,
} from '@ppp/contracts';
import { AppError } from '../errors.ts';

/** The size limit of a category in MB: 25 for sfx, 15 for covers, the admin's max_upload_mb for main content, else 50. */
export function limitMbFor(category: TMediaCategory, maxUploadMb: number): number {
  if (category === 'main_content') return maxUploadMb;
  if (category === 'sfx') return MEDIA.sfxMaxMb;
  if (category === 'cover_art') return MEDIA.coverMaxMb;
  return MEDIA.libraryMaxMb;
}

/** Refuses the commercial category (Coming Soon for everyone, spec 001 §6). */
export function assertCategoryOpen(category: TMediaCategory): void {
  if (DISABLED_CATEGORIES.includes(category)) throw new AppError('FORBIDDEN', MEDIA_MESSAGES.commercialUnavailable);
}

/** The 413 in the spec's words for a file over its category's limit of `limitMb`. */
export function tooLarge(fileName: string, limitMb: number, category: TMediaCategory): AppError {
  const message = category === 'main_content' ? audioExceedsMessage(limitMb) : exceedsLimitMessage(fileName, limitMb, category);
  return new AppError('PAYLOAD_TOO_LARGE', message, { title: MEDIA_MESSAGES.fileTooLarge });
}

/** 413 in the spec's words when a file is over its category's limit. */
export function assertWithinLimit(fileName: string, sizeBytes: number, category: TMediaCategory, maxUploadMb: number): void {
  const limitMb = limitMbFor(category, maxUploadMb);
  if (sizeBytes > limitMb * BYTES_PER_MB) throw tooLarge(fileName, limitMb, category);
}

/** 422 for a NUL or other control character in a file or friendly name (PostgreSQL cannot even store a NUL). */
export function assertPrintableNames(...names: readonly (string | undefined)[]): void {
  if (names.some((name) => name !== undefined && hasControlCharacters(name)))
    throw new AppError('VALIDATION', MEDIA_MESSAGES.controlCharacters);
}

/**
 * 422 in the spec's words (spec 001 §8, pre-upload) for audio that does not decode whole: cut short
 * (its header promises more than it plays) or damaged (issue 35). Nothing of it is kept.
 */
export function unreadableAudio(fileName: string, damage: string): AppError {
  return new AppError('VALIDATION', MEDIA_MESSAGES.unableToPrepare, { title: MEDIA_MESSAGES.uploadFailed, file: fileName, reason: damage });
}

export function notAudio(fileName: string, category: TMediaCategory): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', onlyAudioAllowedMessage(fileName, category), { title: MEDIA_MESSAGES.invalidFileType });
}

/** The image formats a cover may be, told by the file's first bytes (never by its name). */
export function imageTypeOf(head: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((byte, i) => head[i] === byte)) return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  return null;
}

export function notImage(fileName: string): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', `${fileName}: only PNG or JPEG images are allowed for cover_art.`, {
    title: MEDIA_MESSAGES.invalidFileType,
  });
}

const AUDIO_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  'mov,mp4,m4a,3gp,3g2,mj2': 'audio/mp4',
  aiff: 'audio/aiff',
  matroska: 'audio/webm',
  'matroska,webm': 'audio/webm',
  aac: 'audio/aac',
};

/** A Content-Type for the probed container (ffprobe's format_name), for serving the file back. */
export function audioContentType(formatName: string): string {
  return AUDIO_TYPES[formatName] ?? 'application/octet-stream';
}

/** A stored name: the original's base, made safe, with the id so two uploads of one name differ. */
export function storedFilename(originalName: string, id: string): string {
  const base = originalName.split(/[\\/]/).pop() ?? 'upload';
  const safe =
    base
      .normalize('NFKD')
      .replace(/[^\w.-]+/g, '_')
      .replace(/^[._]+/, '')
      .slice(-120) || 'upload';
  return `${id.slice(0, 8)}-${safe}`;
}

/** The extension the stored original keeps (for ffmpeg and for the browser). */
export function extensionOf(name: string): string {
  const match = /\.([a-z0-9]{1,8})$/i.exec(name);
  return match?.[1]?.toLowerCase() ?? 'bin';
}

/** A friendly name from a file name when none was given: the base without its extension. */
export function defaultFriendlyName(fileName: string): string {
  const base = (fileName.split(/[\\/]/).pop() ?? fileName).replace(/\.[^.]+$/, '').trim();
  return (base || fileName).slice(0, MEDIA.friendlyNameMaxLength);
}
