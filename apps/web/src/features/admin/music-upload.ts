import { ADMIN_MESSAGES } from '@ppp/contracts';
import { readToken, tabId } from '../../lib/session.ts';

export const MUSIC_UPLOAD_PATH = '/api/admin/music/assets/upload';

/** Why an upload did not finish: the server refused it (its words), the network failed, or the admin cancelled. */
export class MusicUploadError extends Error {
  readonly kind: 'refused' | 'network' | 'cancelled';
  constructor(kind: MusicUploadError['kind'], message: string) {
    super(message);
    this.name = 'MusicUploadError';
    this.kind = kind;
  }
}

export interface MusicUploadInput {
  file: File;
  displayName: string;
  moodTags: readonly string[];
}

function detailOf(text: string): string | null {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null && 'detail' in body && typeof body.detail === 'string' ? body.detail : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/admin/music/assets/upload (multipart file, display_name, mood_tags as JSON text) with
 * XMLHttpRequest, the one browser API that reports upload progress; `signal` cancels it.
 */
export function uploadMusicAsset(input: MusicUploadInput, onProgress: (percent: number) => void, signal: AbortSignal): Promise<unknown> {
  const form = new FormData();
  form.append('file', input.file, input.file.name);
  form.append('display_name', input.displayName);
  form.append('mood_tags', JSON.stringify(input.moodTags));
  return new Promise<unknown>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', MUSIC_UPLOAD_PATH);
    const token = readToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('x-tab-id', tabId());
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as unknown);
      else reject(new MusicUploadError('refused', detailOf(xhr.responseText) ?? ADMIN_MESSAGES.uploadFailed));
    };
    xhr.onerror = () => reject(new MusicUploadError('network', ADMIN_MESSAGES.networkErrorUploading));
    xhr.onabort = () => reject(new MusicUploadError('cancelled', ADMIN_MESSAGES.uploadCancelled));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
