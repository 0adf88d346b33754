import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { EPISODE_CREATOR_MESSAGES } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { coverUploadName } from './cover-file.ts';
import { cropString, type CoverMode } from './cover-math.ts';
import { renderCoverJpeg } from './cover-render.ts';
import { CoverUploadError, uploadCover } from './cover-upload.ts';
import type { PendingCover } from './use-pending-cover.ts';

export interface CoverChoice {
  cover_image_path: string;
  cover_crop: string | null;
  preview_url: string;
}

interface Options {
  mode: CoverMode;
  setError(message: string | null): void;
  /** Called once the cover is stored, with what step 5 sends. */
  onUploaded(choice: CoverChoice): void;
}

/** Renders the cropped or padded JPEG and uploads it; the error line and toasts tell how it went. */
export function useCoverUpload({ mode, setError, onUploaded }: Options) {
  const [uploading, setUploading] = useState(false);
  const utils = trpc.useUtils();

  async function upload(cover: PendingCover) {
    setUploading(true);
    setError(null);
    let blob: Blob;
    try {
      blob = await renderCoverJpeg(cover.image, mode, cover.square);
    } catch {
      setUploading(false);
      setError(EPISODE_CREATOR_MESSAGES.coverProcessingFailed);
      return;
    }
    try {
      const stored = await uploadCover(
        (form, signal) => utils.client.mediaUploads.episodeCover.mutate(form, { signal }),
        blob,
        coverUploadName(cover.file.name),
      );
      onUploaded({
        cover_image_path: stored.filename,
        cover_crop: mode === 'crop' ? cropString(cover.square) : null,
        preview_url: stored.preview_url,
      });
      notifications.show({ color: 'green', title: EPISODE_CREATOR_MESSAGES.coverSaved, message: cover.file.name });
    } catch (err) {
      const message = err instanceof CoverUploadError ? err.message : EPISODE_CREATOR_MESSAGES.coverUploadFailed;
      setError(message);
      notifications.show({ color: 'red', title: EPISODE_CREATOR_MESSAGES.coverUploadFailed, message });
    } finally {
      setUploading(false);
    }
  }

  return { uploading, upload };
}
