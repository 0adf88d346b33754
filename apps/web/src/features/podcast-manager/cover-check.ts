import { useEffect, useState } from 'react';
import { coverSizeProblems } from '@ppp/contracts';

/** The feed check's size problems of a chosen cover image, measured in the browser; [] when it fits or cannot be read. */
export async function coverFileProblems(file: Blob): Promise<string[]> {
  try {
    const bitmap = await createImageBitmap(file);
    const problems = coverSizeProblems(bitmap.width, bitmap.height).map((p) => p.message);
    bitmap.close();
    return problems;
  } catch {
    return [];
  }
}

/** What is wrong with the chosen cover for directories (under 1400 px, not square, over 3000 px), as one line; null when fine. */
export function useCoverWarning(file: Blob | null): string | null {
  const [warning, setWarning] = useState<{ file: Blob; text: string | null } | null>(null);
  useEffect(() => {
    if (!file) return;
    let live = true;
    void coverFileProblems(file).then((problems) => {
      if (live) setWarning({ file, text: problems.length > 0 ? problems.join(' ') : null });
    });
    return () => {
      live = false;
    };
  }, [file]);
  return file && warning?.file === file ? warning.text : null;
}
