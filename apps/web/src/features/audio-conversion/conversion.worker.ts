/// <reference lib="webworker" />
import { convertWavToMp3, NotConvertibleError } from './convert-wav.ts';
import type { TConversionReply, TConversionRequest } from './conversion-protocol.ts';

/** The MP3 encoder off the page's thread: one file per message, progress at most every 1 %. */
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = async (event: MessageEvent<TConversionRequest>) => {
  const reply = (message: TConversionReply) => scope.postMessage(message);
  let last = -1;
  try {
    const mp3 = await convertWavToMp3(event.data.file, (ratio) => {
      const percent = Math.floor(ratio * 100);
      if (percent === last) return;
      last = percent;
      reply({ kind: 'progress', ratio });
    });
    reply({ kind: 'done', mp3 });
  } catch (error) {
    reply({
      kind: error instanceof NotConvertibleError ? 'unsupported' : 'failed',
      message: error instanceof Error ? error.message : String(error),
    });
  }
};
