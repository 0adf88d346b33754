import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { BYTES_PER_MB, MEDIA, RSS_IMPORT } from '@ppp/contracts';
import type { TConfig } from '../../config.ts';
import { safeFetchStream } from '../../adapters/safe-fetch/index.ts';
import { privateHostsAllowance } from '../private-hosts.ts';
import { AppError } from '../errors.ts';
import type { IncomingFile } from '../media/media-upload.service.ts';

/** The longest a music import may take to download (DNS, redirects and the whole body). */
const MUSIC_IMPORT_DEADLINE_MS = RSS_IMPORT.audioDeadlineMs;

/** The file name an imported bed is known by: the last path segment of the address, or 'imported-audio'. */
export function importedFileName(finalUrl: string): string {
  const last = decodeURIComponent(new URL(finalUrl).pathname.split('/').pop() ?? '')
    .replace(/[^\p{L}\p{N}._ -]/gu, '')
    .trim()
    .slice(-100);
  return last || 'imported-audio';
}

/**
 * Downloads a music bed from an address the admin gave through the same guarded fetch as RSS
 * import (http(s) only, every resolved address vetted, redirects re-checked, a deadline) with the
 * music library's size limit as the byte cap; the file lands in `dir` for the upload checks.
 */
export async function fetchMusicFile(config: TConfig, url: string, dir: string): Promise<IncomingFile> {
  const response = await safeFetchStream(url, {
    deadlineMs: MUSIC_IMPORT_DEADLINE_MS,
    maxBytes: MEDIA.libraryMaxMb * BYTES_PER_MB,
    accept: 'audio/*, */*;q=0.1',
    maxRedirects: RSS_IMPORT.maxRedirects,
    unsafeAllowPrivate: privateHostsAllowance(config),
  });
  if (!response.ok) {
    response.body.destroy();
    throw new AppError('BAD_REQUEST', `The address answered HTTP ${response.status}.`, { status: response.status });
  }
  const name = importedFileName(response.finalUrl);
  const dest = path.join(dir, 'download');
  await pipeline(response.body, createWriteStream(dest));
  return { path: dest, name, size: (await stat(dest)).size };
}
