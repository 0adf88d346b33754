import { useEffect, useRef, useState } from 'react';
import { MEDIA_MESSAGES, isConversionCandidate, type TMediaItem } from '@ppp/contracts';
import { startTusUpload } from '../../lib/tus-upload.ts';
import { audioFileProblem } from './creator-rules.ts';
import { prepareUpload } from '../audio-conversion/prepare-upload.ts';

interface Options {
  maxMb: number;
  onProgress(percent: number | null): void;
  onUploaded(item: TMediaItem): void;
}

/**
 * Sending the main audio: a large WAV converted to MP3 in the browser first (spec 001 §4), the file
 * checked, then sent over tus; the upload can be cancelled, and stops when the step goes away.
 */
export function useAudioUpload({ maxMb, onProgress, onUploaded }: Options) {
  const cancel = useRef<(() => void) | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [cancelled, setCancelled] = useState(false);
  /** The in-browser MP3 conversion of a large WAV: its progress, then what was done. */
  const [preparing, setPreparing] = useState<number | null>(null);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => () => cancel.current?.(), []);

  async function send(original: File) {
    setProblem(null);
    setCancelled(false);
    setNote(null);
    if (isConversionCandidate(original)) setPreparing(0);
    const prepared = await prepareUpload(original, (ratio) => setPreparing(ratio)).finally(() => setPreparing(null));
    setNote(prepared.note);
    const file = prepared.file;
    const found = audioFileProblem(file, maxMb);
    setProblem(found);
    if (found) return;
    onProgress(0);
    const done = () => {
      cancel.current = null;
      onProgress(null);
    };
    cancel.current = startTusUpload(
      file,
      { filename: file.name, category: 'main_content', friendly_name: original.name.replace(/\.[^.]+$/, '') || original.name },
      {
        onProgress: (percent) => onProgress(percent),
        onSuccess: (item) => {
          done();
          onUploaded(item);
        },
        onError: (message) => {
          done();
          setProblem(message || MEDIA_MESSAGES.uploadFailed);
        },
        // Spec 000's words in the Episode Creator.
        unanswered: MEDIA_MESSAGES.uploadFailedTryAgain,
        // Issue 35: an outage is said while the upload waits it out.
        onRetrying: (message) => setNote(message),
      },
    );
  }

  /** Stops the tus upload and drops what the server holds of it ('Upload cancelled', spec 000 §8). */
  function cancelUpload() {
    cancel.current?.();
    cancel.current = null;
    onProgress(null);
    setProblem(null);
    setCancelled(true);
  }

  return { problem, cancelled, preparing, note, send, cancelUpload };
}
