import { useSyncExternalStore } from 'react';
import { MEDIA_MESSAGES, type TMediaItem, type TTusUploadMetadata } from '@ppp/contracts';

/** An upload the user left running in the background (spec 001 'Pre-upload flow' step 4). */
export interface BackgroundUpload {
  key: string;
  label: string;
  percent: number;
  status: 'uploading' | 'done' | 'error' | 'cancelled';
  error: string | null;
  item: TMediaItem | null;
}

let uploads: BackgroundUpload[] = [];
const cancels = new Map<string, () => void>();
const listeners = new Set<() => void>();

function update(key: string, patch: Partial<BackgroundUpload>): void {
  uploads = uploads.map((u) => (u.key === key ? { ...u, ...patch } : u));
  for (const listener of listeners) listener();
}

/** Starts a tus upload that keeps running while the user moves around the workspace. */
export function startBackgroundUpload(
  file: File,
  metadata: TTusUploadMetadata,
  events: { onDone?: (item: TMediaItem) => void; onError?: (message: string) => void } = {},
): string {
  const key = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  uploads = [{ key, label: metadata.friendly_name || file.name, percent: 0, status: 'uploading', error: null, item: null }, ...uploads];
  for (const listener of listeners) listener();
  const fail = (message: string) => {
    update(key, { status: 'error', error: message });
    events.onError?.(message);
  };
  // The tus client is loaded with the first upload, so the dashboard (which lists uploads) does not ship it.
  let cancelled = false;
  cancels.set(key, () => (cancelled = true));
  import('./tus-upload.ts').then(
    ({ startTusUpload }) => {
      if (cancelled) return;
      const cancel = startTusUpload(file, metadata, {
        onProgress: (percent) => update(key, { percent }),
        onSuccess: (item) => {
          update(key, { percent: 100, status: 'done', item });
          events.onDone?.(item);
        },
        onError: fail,
        // Issue 35: an outage is said while the upload waits it out.
        onRetrying: (message) => update(key, { error: message }),
      });
      cancels.set(key, cancel);
    },
    () => fail(MEDIA_MESSAGES.unableToUploadAudio),
  );
  return key;
}

export function cancelBackgroundUpload(key: string): void {
  cancels.get(key)?.();
  cancels.delete(key);
  update(key, { status: 'cancelled' });
}

export function dismissBackgroundUpload(key: string): void {
  uploads = uploads.filter((u) => u.key !== key);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBackgroundUploads(): BackgroundUpload[] {
  return useSyncExternalStore(
    subscribe,
    () => uploads,
    () => uploads,
  );
}
