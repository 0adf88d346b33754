import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { enhanceSpeechFile, type EnhanceOptions } from '@ppp/audio';
import { ENHANCEMENT } from '@ppp/contracts';
import { mediaKey, type StoragePort } from '../storage/storage.ts';

/** Where an upload's enhanced copy is kept: beside the upload, so deleting the upload deletes it. */
export function enhancedContentKey(userId: string, mediaId: string): string {
  return mediaKey(userId, mediaId, ENHANCEMENT.enhancedFileName);
}

/**
 * Issue 33: enhances an upload's original into dir and stores the result under the upload; answers
 * the local file. The transcription reads it (so detection hears the cleaned speech) and the render
 * plays it. It has the original's exact length, so the transcript's times hold for both.
 */
export async function writeEnhancedCopy(
  storage: StoragePort,
  upload: { userId: string; mediaId: string; originalPath: string },
  dir: string,
  options: Omit<EnhanceOptions, 'plan'> = {},
): Promise<string> {
  const file = path.join(dir, ENHANCEMENT.enhancedFileName);
  await enhanceSpeechFile(upload.originalPath, file, options);
  // Local storage moves the file it is given into place: it gets a copy, the caller keeps file.
  const stored = `${file}.store`;
  await copyFile(file, stored);
  await storage.putFile(enhancedContentKey(upload.userId, upload.mediaId), stored);
  return file;
}

/** The stored enhanced copy's key, made now from the original when the upload has none yet. */
export async function ensureEnhancedCopy(
  storage: StoragePort,
  upload: { userId: string; mediaId: string; storageKey: string },
  signal?: AbortSignal,
): Promise<string> {
  const key = enhancedContentKey(upload.userId, upload.mediaId);
  if (await storage.stat(key)) return key;
  const original = await storage.localPath(upload.storageKey);
  const dir = await mkdtemp(path.join(tmpdir(), 'ppp-enhance-'));
  try {
    await writeEnhancedCopy(storage, { ...upload, originalPath: original.path }, dir, { signal });
    return key;
  } finally {
    await original.release();
    await rm(dir, { recursive: true, force: true });
  }
}
