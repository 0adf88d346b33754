import { useEffect, useRef, useState } from 'react';
import { EPISODE_CREATOR_MESSAGES } from '@ppp/contracts';
import { coverFileProblem } from './cover-file.ts';
import { initialSquare, type CropSquare } from './cover-math.ts';
import { loadImage } from './cover-render.ts';

/** A picked file being edited: its decoded image and the crop square. */
export interface PendingCover {
  file: File;
  url: string;
  image: HTMLImageElement;
  square: CropSquare;
}

/** The picked image being cropped (its object URL released when replaced or gone) and the step's error line. */
export function usePendingCover() {
  const [pending, setPending] = useState<PendingCover | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
    },
    [],
  );

  function release() {
    if (current.current) URL.revokeObjectURL(current.current);
    current.current = null;
    setPending(null);
  }

  async function pick(file: File | null) {
    if (!file) return;
    const problem = coverFileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    const url = URL.createObjectURL(file);
    try {
      const image = await loadImage(url);
      release();
      current.current = url;
      setError(null);
      setPending({ file, url, image, square: initialSquare({ width: image.naturalWidth, height: image.naturalHeight }) });
    } catch {
      URL.revokeObjectURL(url);
      setError(EPISODE_CREATOR_MESSAGES.coverProcessingFailed);
    }
  }

  return { pending, setPending, error, setError, pick, release };
}
