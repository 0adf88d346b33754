import { EPISODE_CREATOR, EPISODE_CREATOR_MESSAGES } from '@ppp/contracts';
import type { CoverMode } from './cover-math.ts';

/** 'Cover must be an image file.' / 'Cover image exceeds 15MB limit.', or null for a usable file. */
export function coverFileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return EPISODE_CREATOR_MESSAGES.coverNotImage;
  if (file.size > EPISODE_CREATOR.coverMaxMb * 1024 * 1024) return EPISODE_CREATOR_MESSAGES.coverTooLarge;
  return null;
}

/** 'Crop or pad editor (mode remembered locally)'. */
export const COVER_MODE_STORAGE_KEY = 'ppp.episodeCreator.coverMode';

export function readCoverMode(storage: Pick<Storage, 'getItem'> | null = safeStorage()): CoverMode {
  return storage?.getItem(COVER_MODE_STORAGE_KEY) === 'pad' ? 'pad' : 'crop';
}

export function writeCoverMode(mode: CoverMode, storage: Pick<Storage, 'setItem'> | null = safeStorage()): void {
  try {
    storage?.setItem(COVER_MODE_STORAGE_KEY, mode);
  } catch {
    // A full or blocked storage only loses the remembered mode.
  }
}

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The stored name the JPEG is uploaded under: the original name with a .jpg ending. */
export function coverUploadName(original: string): string {
  const base = original.replace(/\.[^./\\]*$/, '').trim() || 'cover';
  return `${base}.jpg`;
}
