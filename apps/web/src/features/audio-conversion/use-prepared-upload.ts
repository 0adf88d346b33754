import { useCallback, useRef, useState } from 'react';
import { prepareUpload, type TPreparedUpload } from './prepare-upload.ts';

export type TPreparation = { stage: 'idle' } | { stage: 'preparing'; ratio: number } | { stage: 'ready'; prepared: TPreparedUpload };

/**
 * The 'preparing' stage of an upload form (spec 001 §4): conversion starts as soon as a file is
 * chosen; `ready()` is what submit awaits, so pressing submit while preparing starts the upload
 * once the file is ready. Choosing another file drops the previous preparation.
 */
export function usePreparedUpload() {
  const [state, setState] = useState<TPreparation>({ stage: 'idle' });
  const current = useRef<{ file: File; promise: Promise<TPreparedUpload> } | null>(null);

  const choose = useCallback((file: File | null) => {
    if (!file) {
      current.current = null;
      setState({ stage: 'idle' });
      return;
    }
    setState({ stage: 'preparing', ratio: 0 });
    const promise = prepareUpload(file, (ratio) => {
      if (current.current?.file === file) setState({ stage: 'preparing', ratio });
    });
    current.current = { file, promise };
    void promise.then((prepared) => {
      if (current.current?.file === file) setState({ stage: 'ready', prepared });
    });
  }, []);

  /** The prepared file for the chosen one (waits while it is being prepared); null when none is chosen. */
  const ready = useCallback(async (): Promise<TPreparedUpload | null> => (current.current ? current.current.promise : null), []);

  return { state, choose, ready };
}
