import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { coverUploadForm } from '@ppp/contracts';
import { trpc } from '../../lib/trpc.ts';
import { messageOf } from '../../lib/api-error.ts';

/** A centred square of the uploaded image: what the cover shows (the server keeps the crop with the cover). */
async function squareCrop(file: File): Promise<Record<string, number> | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = Math.min(bitmap.width, bitmap.height);
    return { x: Math.floor((bitmap.width - size) / 2), y: Math.floor((bitmap.height - size) / 2), width: size, height: size };
  } catch {
    return null;
  }
}

/**
 * The edit panel's cover: an uploaded image is stored at once (its path goes to the form through
 * `onPath`) with its square crop and a local preview; Remove clears all three.
 */
export function useEpisodeCover(onPath: (path: string | null) => void) {
  const [crop, setCrop] = useState<Record<string, number> | null | undefined>(undefined);
  const [preview, setPreview] = useState<string | null>(null);
  const uploadCover = trpc.mediaUploads.cover.useMutation();

  async function chooseCover(file: File | null) {
    if (!file) return;
    try {
      const stored = await uploadCover.mutateAsync(coverUploadForm(file, file.name));
      onPath(stored.path);
      setCrop(await squareCrop(file));
      setPreview(URL.createObjectURL(file));
    } catch (err) {
      notifications.show({ color: 'red', title: 'Upload failed', message: messageOf(err, 'Upload failed') });
    }
  }

  function removeCover() {
    onPath(null);
    setPreview(null);
    setCrop(null);
  }

  return { crop, preview, uploading: uploadCover.isPending, chooseCover, removeCover };
}
