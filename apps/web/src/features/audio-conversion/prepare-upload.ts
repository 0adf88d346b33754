import { UPLOAD_CONVERSION_MESSAGES, isConversionCandidate, mp3Name, preferConverted } from '@ppp/contracts';
import type { TConversionReply, TConversionRequest } from './conversion-protocol.ts';

/** The file to upload, and what the creator is told about it (null: nothing to say). */
export interface TPreparedUpload {
  file: File;
  converted: boolean;
  note: string | null;
}

/** What prepareUpload needs of a worker: the Web Worker's own surface. */
export interface ConversionWorker {
  postMessage(message: TConversionRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<TConversionReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

/** The encoder in its own Web Worker, bundled by Vite (no download from the internet); null where there are no workers. */
export function startConversionWorker(): ConversionWorker | null {
  if (typeof Worker === 'undefined') return null;
  return new Worker(new URL('./conversion.worker.ts', import.meta.url), { type: 'module' }) as ConversionWorker;
}

const MB = 1024 * 1024;

/**
 * Spec 001 §4 and §9: a large WAV is encoded to MP3 in a worker while the creator fills in the form,
 * and the MP3 is uploaded when the original is more than 2 times larger; an MP3, a small file or
 * anything the encoder cannot read goes up as it is, with the spec's note when conversion was tried.
 */
export async function prepareUpload(
  file: File,
  onProgress: (ratio: number) => void,
  startWorker: () => ConversionWorker | null = startConversionWorker,
): Promise<TPreparedUpload> {
  const original = (note: string | null): TPreparedUpload => ({ file, converted: false, note });
  if (!isConversionCandidate(file)) return original(null);
  let worker: ConversionWorker | null;
  try {
    worker = startWorker();
  } catch {
    worker = null;
  }
  if (!worker) return original(UPLOAD_CONVERSION_MESSAGES.unsupported);
  const running = worker;
  const reply = await new Promise<TConversionReply>((resolve) => {
    running.onmessage = (event) => {
      if (event.data.kind === 'progress') onProgress(event.data.ratio);
      else resolve(event.data);
    };
    running.onerror = (event) => resolve({ kind: 'failed', message: event.message });
    running.postMessage({ file });
  }).finally(() => running.terminate());
  if (reply.kind !== 'done') return original(UPLOAD_CONVERSION_MESSAGES.fallback);
  if (!preferConverted(file.size, reply.mp3.size)) return original(UPLOAD_CONVERSION_MESSAGES.keptOriginal);
  return {
    file: new File([reply.mp3], mp3Name(file.name), { type: 'audio/mpeg' }),
    converted: true,
    note: UPLOAD_CONVERSION_MESSAGES.converted(file.size / MB, reply.mp3.size / MB),
  };
}
